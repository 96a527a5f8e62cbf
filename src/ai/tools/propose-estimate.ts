import { tool } from "ai";
import { z } from "zod";
import type { OutputCollector } from "./collector";

export const proposeEstimate = (c: OutputCollector) =>
  tool({
    description: "Propose an estimate for the task in minutes, with a one-line rationale.",
    inputSchema: z.object({ minutes: z.number().int().min(1).max(100_000), rationale: z.string().max(500).optional() }),
    execute: async ({ minutes, rationale }) => {
      c.proposals = c.proposals.filter((p) => p.tool !== "propose_estimate");
      const human = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
      c.proposals.push({ tool: "propose_estimate", args: { minutes }, summary: `Estimate ${human}${rationale ? `: ${rationale}` : ""}` });
      return { recorded: true };
    },
  });
