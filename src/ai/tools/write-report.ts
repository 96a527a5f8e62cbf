import { tool } from "ai";
import { z } from "zod";
import type { OutputCollector } from "./collector";

export const writeReport = (c: OutputCollector) =>
  tool({
    description: "Write the report on the task's current state (markdown) with your confidence 0-1. A later call replaces it.",
    inputSchema: z.object({ markdown: z.string().min(1).max(20_000), confidence: z.number().min(0).max(1).optional() }),
    execute: async ({ markdown, confidence }) => {
      c.report = { markdown, confidence: confidence ?? null };
      return { recorded: true };
    },
  });
