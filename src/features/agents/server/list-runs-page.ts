import "server-only";
import type { Prisma, WakeRunStatus } from "@/generated/prisma/client";
import { cappedCount, COUNT_CAP } from "@/lib/capped-count";
import { keysetPage, type Cursor, type KeysetSort } from "@/lib/keyset";
import { db } from "@/server/db";
import { keysetQuery } from "@/server/keyset-cursor";

export type RunFilters = {
  workspaceId: string;
  agentId: string;
  status?: WakeRunStatus;
  /** Started on or after this instant / before this instant. */
  from?: Date;
  to?: Date;
};

/** Newest first, the id breaking ties: the (agentId, startedAt) index serves it. */
const SORT = { field: "startedAt", dir: "desc", date: true } as const satisfies KeysetSort;
const SORT_NAME = "newest";

const runSelect = {
  id: true, reason: true, status: true, startedAt: true, durationMs: true, inputTokens: true, outputTokens: true,
  qualityScore: true, iterations: true, userRating: true, ratedAt: true, error: true,
  version: { select: { number: true } },
} as const satisfies Prisma.WakeRunSelect;

export type RunListRow = Prisma.WakeRunGetPayload<{ select: typeof runSelect }>;

const filterWhere = ({ workspaceId, agentId, status, from, to }: RunFilters): Prisma.WakeRunWhereInput => ({
  workspaceId,
  agentId,
  ...(status ? { status } : {}),
  ...(from || to ? { startedAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
});

const countCapped = (where: Prisma.WakeRunWhereInput) => db.wakeRun.count({ where, take: COUNT_CAP + 1 }).then((n) => cappedCount(n));

/**
 * One page of an agent's runs, newest first, filtered by status and start date — keyset
 * pagination like the agents list (`after`: the next page, `before`: the previous one, each a
 * cursor of a row the client saw). The total and the rows before the page are counted up to 1,000
 * ("1,000+"): an agent woken every hour has 8,760 runs a year.
 */
export async function listRunsPage({ limit = 30, after, before, ...filters }: RunFilters & { limit?: number; after?: Cursor; before?: Cursor }) {
  const base = filterWhere(filters);
  const q = keysetQuery(SORT_NAME, SORT, base, { after, before });
  const rows = await db.wakeRun.findMany({
    where: q.where,
    orderBy: q.orderBy as Prisma.WakeRunOrderByWithRelationInput[],
    take: limit + 1,
    select: runSelect,
  });
  const { page, nextCursor, prevCursor } = keysetPage(SORT_NAME, SORT, rows, { limit, ...q.paging });
  const first = page[0];
  const [total, offset] = await Promise.all([
    countCapped(base),
    first && q.paging.hadCursor ? countCapped(q.before(first)) : Promise.resolve(cappedCount(0)),
  ]);
  return { runs: page, nextCursor, prevCursor, total, offset };
}
