import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { JsonObjectSchema } from "@/features/agents/schemas";
import { TaskStatusSchema } from "@/features/tasks/schemas";
import { Verdict } from "@/generated/prisma/enums";
import { CursorSchema } from "@/lib/keyset";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";

export const VerdictSchema = z.enum(Verdict);

/** Task tools whose confirmation changes the task (issue: agent runtime proposes them). */
export const TaskToolArgs = {
  propose_status: z.object({ status: TaskStatusSchema }),
  propose_checklist_items: z.object({ items: z.array(z.string().trim().min(1).max(500)).min(1).max(20) }),
  propose_estimate: z.object({ minutes: z.number().int().min(1).max(100_000) }),
} as const;

export const ChangeItemInput = z.object({
  tool: z.string().trim().min(1).max(80),
  args: JsonObjectSchema.default({}),
  summary: z.string().trim().min(1).max(1000),
});

export const DecideInput = z
  .object({
    itemIds: z.array(IdSchema).min(1, { error: "Select at least one item." }).max(200),
    verdict: VerdictSchema,
    reason: z.string().trim().max(TEXT_LIMITS.decisionReason, { error: atMostMessage(TEXT_LIMITS.decisionReason) }).optional(),
  })
  .refine((d) => d.verdict !== "rejected" || (d.reason?.length ?? 0) >= 3, {
    error: "Say why you reject it (at least 3 characters): the improver learns from it.",
    path: ["reason"],
  });

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).transform((d) => new Date(`${d}T00:00:00.000Z`)).refine((d) => !Number.isNaN(d.getTime()));

/**
 * The inbox's search params (`?tab=deferred&tool=…&template=…&from=…&to=…&task=…&after=…`): a
 * value that is not one (an old link, a hand-edited URL) falls back to no filter / the first
 * page, never an error. `from` / `to` are days (UTC), both included.
 */
export const InboxListParams = z.object({
  tab: z.enum(["pending", "deferred"]).catch("pending"),
  task: IdSchema.optional().catch(undefined),
  tool: z.string().trim().min(1).max(80).optional().catch(undefined),
  template: IdSchema.optional().catch(undefined),
  from: DaySchema.optional().catch(undefined),
  to: DaySchema.optional().catch(undefined),
  after: CursorSchema.optional().catch(undefined),
  before: CursorSchema.optional().catch(undefined),
});
export const INBOX_PAGE_SIZE = 50;
