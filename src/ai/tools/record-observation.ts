import { tool } from "ai";
import { z } from "zod";
import type { OutputCollector } from "./collector";

export const recordObservation = (c: OutputCollector) =>
  tool({
    description: "Record an observation: something ambiguous, surprising or worth remembering next time.",
    inputSchema: z.object({ text: z.string().trim().min(1).max(2000) }),
    execute: async ({ text }) => {
      if (!c.observations.includes(text)) c.observations.push(text);
      return { recorded: true };
    },
  });
