import "server-only";
import { createAgent } from "@/features/agents/server/create-agent";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import type { TaskStatus } from "@/generated/prisma/enums";

export type CreateTaskOptions = {
  scope: Scope;
  title: string;
  description?: string;
  status?: TaskStatus;
  checklist?: { id: string; text: string; done: boolean }[];
  estimateMinutes?: number | null;
  /** When given, the task gets its agent (one agent per task) on this template, in the same transaction. */
  templateId?: string;
  createdAt?: Date;
};

export async function createTask(options: CreateTaskOptions) {
  const { scope } = options;
  return db.$transaction(async (tx) => {
    const status = options.status ?? "open";
    const task = await tx.task.create({
      data: {
        workspaceId: scope.workspaceId,
        title: options.title,
        description: options.description ?? "",
        status,
        checklist: options.checklist ?? [],
        estimateMinutes: options.estimateMinutes ?? null,
        createdById: scope.actorUserId,
        completedAt: status === "done" ? new Date() : null,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      },
    });
    const agent = options.templateId
      ? await createAgent({ scope, templateId: options.templateId, taskId: task.id, displayName: `Agent · ${options.title.slice(0, 60)}` }, tx)
      : null;
    return { task, agent };
  });
}
