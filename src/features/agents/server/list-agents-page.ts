import "server-only";
import type { AgentLifecycle, Prisma } from "@/generated/prisma/client";
import { encodeCursor, type Cursor } from "@/lib/keyset";
import { db } from "@/server/db";
import { badRequest } from "@/server/errors";
import type { AgentSort } from "../schemas";

export type AgentFilters = { workspaceId: string; templateId?: string; lifecycle?: AgentLifecycle };

/** Each sort is a column and a direction, with the id as the tie-breaker (a total, stable order). */
const SORTS = {
  newest: { field: "createdAt", dir: "desc" },
  oldest: { field: "createdAt", dir: "asc" },
  name: { field: "displayName", dir: "asc" },
} as const satisfies Record<AgentSort, { field: "createdAt" | "displayName"; dir: "asc" | "desc" }>;

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

/** Rows strictly after (`forward`) or before the cursor's row in the sort's order. */
function seek(sort: AgentSort, cursor: Cursor, forward: boolean): Prisma.AgentWhereInput {
  const { field, dir } = SORTS[sort];
  const op = (dir === "desc") === forward ? "lt" : "gt";
  const key = field === "createdAt" ? new Date(cursor.key) : cursor.key;
  return { OR: [{ [field]: { [op]: key } }, { [field]: key, id: { [op]: cursor.id } }] };
}

function cursorOf(sort: AgentSort, row: { id: string; createdAt: Date; displayName: string }): string {
  const { field } = SORTS[sort];
  return encodeCursor({ sort, key: field === "createdAt" ? row.createdAt.toISOString() : row.displayName, id: row.id });
}

function assertCursor(sort: AgentSort, cursor: Cursor) {
  if (cursor.sort !== sort) throw badRequest("This cursor belongs to another sort order: start again from the first page.", { cursor: ["This cursor belongs to another sort order."] });
  if (SORTS[sort].field === "createdAt" && Number.isNaN(new Date(cursor.key).getTime())) throw badRequest("This cursor is not valid.", { cursor: ["This cursor is not valid."] });
}

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
  const cursor = after ?? before;
  if (cursor) assertCursor(sort, cursor);
  const forward = !before;
  const { field, dir } = SORTS[sort];
  const flip = (d: "asc" | "desc") => (forward ? d : d === "asc" ? "desc" : "asc");
  const base = filterWhere(filters);
  const rows = await db.agent.findMany({
    where: cursor ? { AND: [base, seek(sort, cursor, forward)] } : base,
    orderBy: [{ [field]: flip(dir) }, { id: flip(dir) }],
    take: limit + 1, // one more tells whether there is a further page
    select: listSelect,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const nextCursor = last && (forward ? more : true) ? cursorOf(sort, last) : null;
  const prevCursor = first && (forward ? Boolean(cursor) : more) ? cursorOf(sort, first) : null;
  if (!withTotal) return { agents: page, nextCursor, prevCursor, total: null, offset: null };
  const [total, offset] = await Promise.all([
    db.agent.count({ where: base }),
    first ? db.agent.count({ where: { AND: [base, seek(sort, { sort, key: SORTS[sort].field === "createdAt" ? first.createdAt.toISOString() : first.displayName, id: first.id }, false)] } }) : Promise.resolve(0),
  ]);
  return { agents: page, nextCursor, prevCursor, total, offset };
}
