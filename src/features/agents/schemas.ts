import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { CursorSchema } from "@/lib/keyset";
import { AgentLifecycle, WakeReason, WakeRunStatus } from "@/generated/prisma/enums";

export const WakeReasonSchema = z.enum(WakeReason);
export const RatingSchema = z.number({ error: "A rating is a number from 0 to 1." }).min(0, { error: "A rating is at least 0." }).max(1, { error: "A rating is at most 1." });
export const JsonObjectSchema = z.record(z.string(), z.unknown());

export const RateRunInput = z.object({ runId: IdSchema, rating: RatingSchema });

/** How the agents list orders: newest first (default), oldest first, or by name. */
export const AGENT_SORTS = ["newest", "oldest", "name"] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];
export const AgentLifecycleSchema = z.enum(AgentLifecycle);

/**
 * The agents page's search params (`?template=…&status=…&sort=…&after=…`): a value that is not
 * one (an old link, a hand-edited URL) falls back to no filter / the first page, never an error.
 */
export const AgentListParams = z.object({
  template: IdSchema.optional().catch(undefined),
  status: AgentLifecycleSchema.optional().catch(undefined),
  sort: z.enum(AGENT_SORTS).catch("newest"),
  after: CursorSchema.optional().catch(undefined),
  before: CursorSchema.optional().catch(undefined),
});
export const AGENTS_PAGE_SIZE = 50;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).transform((d) => new Date(`${d}T00:00:00.000Z`)).refine((d) => !Number.isNaN(d.getTime()));

/**
 * The agent page's run-table params (`?status=failed&from=2026-11-01&to=…&after=…`): days are UTC,
 * both included; a value that is not one falls back to no filter / the first page, never an error.
 */
export const RunListParams = z.object({
  status: z.enum(WakeRunStatus).optional().catch(undefined),
  from: DaySchema.optional().catch(undefined),
  to: DaySchema.optional().catch(undefined),
  after: CursorSchema.optional().catch(undefined),
  before: CursorSchema.optional().catch(undefined),
});
export const RUNS_PAGE_SIZE = 30;
