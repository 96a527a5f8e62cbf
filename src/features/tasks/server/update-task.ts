import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { ChecklistItem } from "../schemas";
import type { TaskStatus } from "@/generated/prisma/enums";

export type TaskPatch = {
  title?: string;
  description?: string;
  status?: TaskStatus;
  estimateMinutes?: number | null;
  checklist?: ChecklistItem[];
};

/**
 * The single write path of tasks after creation (people and confirmed agent proposals). Keeps
 * completedAt true to the status: set when a task becomes done, cleared when it reopens.
 */
export async function updateTask({ scope, taskId, patch }: { scope: Scope; taskId: string; patch: TaskPatch }, tx: Tx = db) {
  const current = await tx.task.findFirst({ where: { id: taskId, workspaceId: scope.workspaceId }, select: { status: true } });
  if (!current) throw notFound("Task not found.");
  const data: Prisma.TaskUpdateInput = { ...patch };
  if (patch.status && patch.status !== current.status) data.completedAt = patch.status === "done" ? new Date() : null;
  return tx.task.update({ where: { id: taskId, workspaceId: scope.workspaceId }, data });
}
