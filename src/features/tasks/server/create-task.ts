import "server-only";
import { createAgent } from "@/features/agents/server";
import { deliverOutbox } from "@/inngest/outbox";
import { stageAgentWake } from "@/inngest/send";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import type { TaskStatus } from "@/generated/prisma/enums";
import { taskAgentName } from "@/features/agents/names";

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
  /** Wake the new task's agent (people and the API: yes; seeds and fixtures: no). */
  wakeAgent?: boolean;
};

/**
 * Creates a task and, with a template, its agent. With `wakeAgent` the agent's first wake is
 * written with them (outbox) and delivered after the commit; a failed delivery is retried by the
 * relay and never undoes the task ("Run now" is there too).
 */
export async function createTask(options: CreateTaskOptions) {
  const { scope } = options;
  const { eventIds, ...created } = await db.$transaction(async (tx) => {
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
      ? await createAgent({ scope, templateId: options.templateId, taskId: task.id, displayName: taskAgentName(options.title) }, tx)
      : null;
    const eventIds = agent && options.wakeAgent ? [await stageAgentWake(tx, { workspaceId: scope.workspaceId, agentId: agent.id, reason: "creation" })] : [];
    return { task, agent, eventIds };
  });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  return created;
}
