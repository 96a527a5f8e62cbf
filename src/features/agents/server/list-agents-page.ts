import "server-only";
import type { AgentLifecycle, Prisma } from "@/generated/prisma/client";
import { keysetPage, type Cursor, type KeysetSort } from "@/lib/keyset";
import { db } from "@/server/db";
import { keysetQuery } from "@/server/keyset-cursor";
import type { AgentSort } from "../schemas";

export type AgentFilters = { workspaceId: string; templateId?: string; lifecycle?: AgentLifecycle };

/** Each sort is a column and a direction, with the id as the tie-breaker (a total, stable order). */
const SORTS = {
  newest: { field: "createdAt", dir: "desc", date: true },
  oldest: { field: "createdAt", dir: "asc", date: true },
  name: { field: "displayName", dir: "asc" },
} as const satisfies Record<AgentSort, KeysetSort>;

const listSelect = {
  id: true, displayName: true, lifecycle: true, kind: true, externalId: true, taskId: true, templateId: true, createdAt: true,
  template: { select: { id: true, name: true } },
  task: { select: { id: true, title: true, status: true } },
  state: { select: { lastWakeAt: true, wakeCounter: true, consecutiveFailureCount: true } },
  // The newest finished run: a failure is shown in the list with its reason.
  runs: { where: { finishedAt: { not: null } }, orderBy: { startedAt: "desc" }, take: 1, select: { id: true, status: true, error: true } },
} as const satisfies Prisma.AgentSelect;

export type AgentListRow = Prisma.AgentGetPayload<{ select: typeof listSelect }>;

const filterWhere = ({ workspaceId, templateId, lifecycle }: AgentFilters): Prisma.AgentWhereInput => ({
  workspaceId,
  ...(templateId ? { templateId } : {}),
  ...(lifecycle ? { lifecycle } : {}),
});

/**
 * One page of the workspace's agents, filtered by template and lifecycle, in a stable order —
 * keyset pagination: `after` (the next page) or `before` (the previous one) is a cursor of a row
 * of the page the client saw, so a page is an index range scan however deep it is, and rows
 * created meanwhile never shift a page. `withTotal` also counts the matching agents and the rows
 * before this page (for "51–100 of 1,000").
 */
export async function listAgentsPage({
  sort = "newest", limit = 50, after, before, withTotal = false, ...filters
}: AgentFilters & { sort?: AgentSort; limit?: number; after?: Cursor; before?: Cursor; withTotal?: boolean }) {
  const spec = SORTS[sort];
  const base = filterWhere(filters);
  const q = keysetQuery(sort, spec, base, { after, before });
  const rows = await db.agent.findMany({
    where: q.where,
    orderBy: q.orderBy as Prisma.AgentOrderByWithRelationInput[],
    take: limit + 1, // one more tells whether there is a further page
    select: listSelect,
    // The page's relations in statements of their own, for the page's rows only. No index serves the
    // keyset orders (createdAt or displayName, then id), so PostgreSQL sorts every matching agent;
    // with the relations joined it looked up each one's newest run before that sort (10k agents,
    // 51 rows: 190.0 ms joined vs 23.0 ms; scripts/experiments/relation-load-strategy.ts).
    relationLoadStrategy: "query",
  });
  const { page, nextCursor, prevCursor } = keysetPage(sort, spec, rows, { limit, ...q.paging });
  if (!withTotal) return { agents: page, nextCursor, prevCursor, total: null, offset: null };
  const first = page[0];
  const [total, offset] = await Promise.all([
    db.agent.count({ where: base }),
    first ? db.agent.count({ where: q.before(first) }) : Promise.resolve(0),
  ]);
  return { agents: page, nextCursor, prevCursor, total, offset };
}
