import "server-only";
import type { ChangeItemStatus } from "@/generated/prisma/client";
import { db } from "@/server/db";

/**
 * The decision inbox: items awaiting a person (pending or deferred), oldest first, at most
 * `limit`; `shown` of `matching` tells the page when there are more. `taskId` narrows it to one
 * task's proposals (the task page links there, so a new task's proposals are never hidden behind
 * a hundred older ones).
 */
export async function listInbox({ workspaceId, status = "pending", templateId, taskId, limit = 100 }: { workspaceId: string; status?: Extract<ChangeItemStatus, "pending" | "deferred">; templateId?: string; taskId?: string; limit?: number }) {
  const where = { workspaceId, status, ...(templateId ? { templateId } : {}), ...(taskId ? { changeSet: { taskId } } : {}) };
  const [items, counts] = await Promise.all([
    db.changeItem.findMany({
      where,
      orderBy: { createdAt: "asc" },
      take: limit,
      select: {
        id: true, tool: true, args: true, summary: true, status: true, createdAt: true, templateId: true,
        changeSet: {
          select: {
            id: true,
            agent: { select: { id: true, displayName: true, template: { select: { name: true } } } },
            task: { select: { id: true, title: true } },
          },
        },
        decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { reason: true, decidedAt: true, decidedBy: { select: { name: true, email: true } } } },
      },
    }),
    db.changeItem.groupBy({ by: ["status"], where: { ...where, status: { in: ["pending", "deferred"] } }, _count: true }),
  ]);
  const count = (s: string) => counts.find((c) => c.status === s)?._count ?? 0;
  return { items, pending: count("pending"), deferred: count("deferred"), matching: count(status) };
}

export async function listDecisionsForAgent(workspaceId: string, agentId: string, limit = 50) {
  return db.changeDecision.findMany({
    where: { workspaceId, agentId },
    orderBy: { decidedAt: "desc" },
    take: limit,
    select: { id: true, tool: true, verdict: true, reason: true, decidedAt: true, item: { select: { summary: true } }, decidedBy: { select: { name: true, email: true } } },
  });
}

export async function countPendingDecisions(workspaceId: string) {
  return db.changeItem.count({ where: { workspaceId, status: "pending" } });
}

/** Proposals about one task that still wait for a person. */
export async function listOpenItemsForTask(workspaceId: string, taskId: string) {
  return db.changeItem.findMany({
    where: { workspaceId, status: { in: ["pending", "deferred"] }, changeSet: { taskId } },
    orderBy: { createdAt: "asc" },
    select: { id: true, tool: true, summary: true, status: true },
  });
}
