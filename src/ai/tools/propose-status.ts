import { tool } from "ai";
import { z } from "zod";
import { TaskStatus } from "@/generated/prisma/enums";
import { enumWordsLower } from "@/lib/words";
import type { OutputCollector } from "./collector";

export const proposeStatus = (c: OutputCollector) =>
  tool({
    description: "Propose a new status for the task (a person confirms or rejects it).",
    inputSchema: z.object({ status: z.enum(TaskStatus), reason: z.string().max(500).optional() }),
    execute: async ({ status, reason }) => {
      c.proposals = c.proposals.filter((p) => p.tool !== "propose_status");
      const label = enumWordsLower("TaskStatus", status);
      c.proposals.push({ tool: "propose_status", args: { status }, summary: `Mark the task ${label}${reason ? `: ${reason}` : ""}` });
      return { recorded: true };
    },
  });
