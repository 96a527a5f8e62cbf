import "server-only";
import type { Prisma, TaskStatus } from "@/generated/prisma/client";
import { keysetPage, type Cursor, type KeysetSort } from "@/lib/keyset";
import { db } from "@/server/db";
import { keysetQuery } from "@/server/keyset-cursor";
import type { TaskSort } from "../schemas";

export type TaskFilters = { workspaceId: string; status?: TaskStatus; templateId?: string };

/** Each order is a column and a direction, the id breaking ties. */
const SORTS = {
  newest: { field: "createdAt", dir: "desc", date: true },
  oldest: { field: "createdAt", dir: "asc", date: true },
  title: { field: "title", dir: "asc" },
} as const satisfies Record<TaskSort, KeysetSort>;

const listSelect = {
  id: true, title: true, status: true, estimateMinutes: true, createdAt: true, completedAt: true,
  agent: { select: { id: true, displayName: true, template: { select: { id: true, name: true } } } },
} as const satisfies Prisma.TaskSelect;

export type TaskListRow = Prisma.TaskGetPayload<{ select: typeof listSelect }>;

/** The template filter is the task's agent's template (a task has at most one agent). */
const filterWhere = ({ workspaceId, status, templateId }: TaskFilters): Prisma.TaskWhereInput => ({
  workspaceId,
  ...(status ? { status } : {}),
  ...(templateId ? { agent: { is: { templateId, workspaceId } } } : {}),
});

/**
 * One page of the workspace's tasks, filtered by status and by their agent's template, in a stable
 * order — keyset pagination like the agents list (`after`: the next page, `before`: the previous
 * one, each a cursor of a row the client saw). `withTotal` also counts the matching tasks and the
 * rows before this page (for "51–100 of 1,000").
 */
export async function listTasksPage({
  sort = "newest", limit = 50, after, before, withTotal = false, ...filters
}: TaskFilters & { sort?: TaskSort; limit?: number; after?: Cursor; before?: Cursor; withTotal?: boolean }) {
  const spec = SORTS[sort];
  const base = filterWhere(filters);
  const q = keysetQuery(sort, spec, base, { after, before });
  const rows = await db.task.findMany({
    where: q.where,
    orderBy: q.orderBy as Prisma.TaskOrderByWithRelationInput[],
    take: limit + 1, // one more tells whether there is a further page
    select: listSelect,
  });
  const { page, nextCursor, prevCursor } = keysetPage(sort, spec, rows, { limit, ...q.paging });
  if (!withTotal) return { tasks: page, nextCursor, prevCursor, total: null, offset: null };
  const first = page[0];
  const [total, offset] = await Promise.all([
    db.task.count({ where: base }),
    first ? db.task.count({ where: q.before(first) }) : Promise.resolve(0),
  ]);
  return { tasks: page, nextCursor, prevCursor, total, offset };
}
