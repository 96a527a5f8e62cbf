import { tool } from "ai";
import { z } from "zod";
import type { OutputCollector } from "./collector";

export const proposeChecklistItems = (c: OutputCollector) =>
  tool({
    description: "Propose checklist items to add to the task (concrete, verb-first steps).",
    inputSchema: z.object({ items: z.array(z.string().trim().min(1).max(500)).min(1).max(20) }),
    execute: async ({ items }) => {
      c.proposals = c.proposals.filter((p) => p.tool !== "propose_checklist_items");
      const summary = items.length === 1 ? `Add 1 checklist item: ${items[0]}` : `Add ${items.length} checklist items: ${items.join("; ")}`;
      c.proposals.push({ tool: "propose_checklist_items", args: { items }, summary: summary.slice(0, 1000) });
      return { recorded: true };
    },
  });
