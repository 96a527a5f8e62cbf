import "server-only";
import { cache } from "react";
import type { Prisma } from "@/generated/prisma/client";
import { cappedCount, COUNT_CAP, type CappedCount } from "@/lib/capped-count";
import { db } from "@/server/db";

/** What a decision card shows (the inbox, the task page, the run page): one select, one shape. */
export const inboxItemSelect = {
  id: true, tool: true, args: true, summary: true, status: true, createdAt: true, templateId: true,
  changeSet: {
    select: {
      id: true,
      agent: { select: { id: true, displayName: true, template: { select: { name: true } } } },
      task: { select: { id: true, title: true } },
    },
  },
  decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { reason: true, decidedAt: true, decidedBy: { select: { name: true, email: true } } } },
} as const satisfies Prisma.ChangeItemSelect;

type InboxRow = Prisma.ChangeItemGetPayload<{ select: typeof inboxItemSelect }>;

/** A row as the decision components take it (`InboxItem`: plain, serialisable props). */
export function toInboxItem(i: InboxRow) {
  return {
    id: i.id,
    tool: i.tool,
    summary: i.summary,
    args: i.args,
    status: i.status,
    createdAt: i.createdAt.toISOString(),
    agent: { id: i.changeSet.agent.id, name: i.changeSet.agent.displayName, template: i.changeSet.agent.template.name },
    task: i.changeSet.task,
    lastReason: i.decisions[0]?.reason ?? null,
  };
}

export async function listDecisionsForAgent(workspaceId: string, agentId: string, limit = 50) {
  return db.changeDecision.findMany({
    where: { workspaceId, agentId },
    orderBy: { decidedAt: "desc" },
    take: limit,
    select: { id: true, tool: true, verdict: true, reason: true, decidedAt: true, item: { select: { summary: true } }, decidedBy: { select: { name: true, email: true } } },
  });
}

/**
 * Pending items, counted up to 1,000 ("1,000+"): the nav badge and the overview read it on every
 * page, once per request (React's `cache`: the layout and the dashboard share the one count).
 */
export const countPendingDecisions = cache(async (workspaceId: string): Promise<CappedCount> =>
  cappedCount(await db.changeItem.count({ where: { workspaceId, status: "pending" }, take: COUNT_CAP + 1 })),
);

/**
 * Proposals that still wait for a person (pending or deferred), oldest first, about one task or
 * made by one run: the task page and the run page decide them where the work is.
 */
export async function listOpenItems({ workspaceId, taskId, wakeRunId, limit = 50 }: { workspaceId: string; taskId?: string; wakeRunId?: string; limit?: number }) {
  if (!taskId && !wakeRunId) throw new Error("listOpenItems needs a task or a run.");
  const rows = await db.changeItem.findMany({
    where: { workspaceId, status: { in: ["pending", "deferred"] }, changeSet: { workspaceId, ...(taskId ? { taskId } : {}), ...(wakeRunId ? { wakeRunId } : {}) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: inboxItemSelect,
  });
  return rows.map(toInboxItem);
}
