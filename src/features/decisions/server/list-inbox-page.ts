import "server-only";
import type { ChangeItemStatus, Prisma } from "@/generated/prisma/client";
import { cappedCount, COUNT_CAP } from "@/lib/capped-count";
import { keysetPage, type Cursor, type KeysetSort } from "@/lib/keyset";
import { db } from "@/server/db";
import { keysetQuery } from "@/server/keyset-cursor";
import { inboxItemSelect } from "./queries";

export type InboxStatus = Extract<ChangeItemStatus, "pending" | "deferred">;
export type InboxFilters = {
  workspaceId: string;
  status?: InboxStatus;
  tool?: string;
  templateId?: string;
  taskId?: string;
  /** Proposed on or after this instant / before this instant. */
  from?: Date;
  to?: Date;
};

/** The inbox's one order: oldest first (decide what waited longest), the id breaking ties. */
const SORT = { field: "createdAt", dir: "asc", date: true } as const satisfies KeysetSort;
const SORT_NAME = "oldest";

const filterWhere = ({ workspaceId, status = "pending", tool, templateId, taskId, from, to }: InboxFilters): Prisma.ChangeItemWhereInput => ({
  workspaceId,
  status,
  ...(tool ? { tool } : {}),
  ...(templateId ? { templateId } : {}),
  ...(taskId ? { changeSet: { taskId, workspaceId } } : {}),
  ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
});

/** Open items (pending or deferred) matching the filters but the status, counted up to the cap. */
const countOpen = (where: Prisma.ChangeItemWhereInput) => db.changeItem.count({ where, take: COUNT_CAP + 1 }).then((n) => cappedCount(n));

/**
 * One page of the decision inbox — keyset pagination in the inbox's order (oldest first):
 * `after` (the next page) or `before` (the previous one) is a cursor of a row the client saw.
 * Counts are capped (`src/lib/capped-count.ts`): the tabs' pending and deferred counts, and the
 * rows before this page (`offset`, for "51–100 of 1,000+"), each read at most 1,001 rows — the
 * open range can hold tens of thousands of items.
 */
export async function listInboxPage({ limit = 50, after, before, ...filters }: InboxFilters & { limit?: number; after?: Cursor; before?: Cursor }) {
  const base = filterWhere(filters);
  const q = keysetQuery(SORT_NAME, SORT, base, { after, before });
  const rows = await db.changeItem.findMany({
    where: q.where,
    orderBy: q.orderBy as Prisma.ChangeItemOrderByWithRelationInput[],
    take: limit + 1,
    select: inboxItemSelect,
  });
  const { page, nextCursor, prevCursor } = keysetPage(SORT_NAME, SORT, rows, { limit, ...q.paging });
  const first = page[0];
  const [pending, deferred, offset] = await Promise.all([
    countOpen(filterWhere({ ...filters, status: "pending" })),
    countOpen(filterWhere({ ...filters, status: "deferred" })),
    first && q.paging.hadCursor ? countOpen(q.before(first)) : Promise.resolve(cappedCount(0)),
  ]);
  const status = filters.status ?? "pending";
  return { items: page, nextCursor, prevCursor, pending, deferred, total: status === "pending" ? pending : deferred, offset };
}
