import "server-only";
import { db } from "@/server/db";

export async function getTask(workspaceId: string, taskId: string) {
  return db.task.findFirst({
    where: { id: taskId, workspaceId },
    select: {
      id: true, title: true, description: true, status: true, checklist: true, estimateMinutes: true,
      createdAt: true, updatedAt: true, completedAt: true,
      agent: {
        select: {
          id: true, displayName: true, lifecycle: true,
          template: { select: { id: true, name: true, runsExternally: true } },
          state: { select: { lastWakeAt: true, wakeCounter: true, consecutiveFailureCount: true } },
          // The newest finished run: a failed one is said on the task page, with its reason.
          runs: { where: { status: { not: "running" } }, orderBy: { startedAt: "desc" }, take: 1, select: { id: true, status: true, outcome: true, error: true, finishedAt: true } },
        },
      },
    },
  });
}

/** A task's title, for pages that name it (null if it is not in the workspace). */
export async function getTaskTitle(workspaceId: string, taskId: string) {
  return db.task.findFirst({ where: { id: taskId, workspaceId }, select: { id: true, title: true } });
}
