import "server-only";
import { deliverOutbox } from "@/inngest/outbox";
import { stageAgentWake } from "@/inngest/send";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import { updateTask, type TaskPatch } from "./update-task";

/**
 * A person's edit of a task: the single write path, and its agent re-reads the task — the wake is
 * written in the same transaction and delivered after the commit (throttled to one wake per 120 s
 * per agent by the wake function).
 */
export async function editTask({ scope, taskId, patch }: { scope: Scope; taskId: string; patch: TaskPatch }) {
  const { task, eventIds } = await db.$transaction(async (tx) => {
    const task = await updateTask({ scope, taskId, patch }, tx);
    const agent = await tx.agent.findFirst({ where: { taskId: task.id, workspaceId: scope.workspaceId }, select: { id: true } });
    const eventIds = agent ? [await stageAgentWake(tx, { workspaceId: scope.workspaceId, agentId: agent.id, reason: "subscription" })] : [];
    return { task, eventIds };
  });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  return task;
}
