import "server-only";
import { db, type Tx } from "@/server/db";
import { badRequest, conflict, isUniqueViolation, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

export type CreateAgentOptions = {
  scope: Scope;
  templateId: string;
  displayName: string;
  taskId?: string | null;
  externalId?: string | null;
};

/**
 * Creates an agent instance on a template, with its state row, in one write. The agent stores
 * only its template: the version is resolved through the head at each run.
 */
export async function createAgent(options: CreateAgentOptions, tx: Tx = db) {
  const { scope } = options;
  const template = await tx.agentTemplate.findFirst({ where: { id: options.templateId, workspaceId: scope.workspaceId }, select: { id: true, kind: true } });
  if (!template) throw notFound("Template not found.");
  // Improvers are created by the rituals slice (ensureImproverFor), never as instances.
  if (template.kind !== "taskAgent") throw badRequest("Agents run on task templates; improver templates have their own improvers.");
  if (options.taskId) {
    const task = await tx.task.findFirst({ where: { id: options.taskId, workspaceId: scope.workspaceId }, select: { id: true } });
    if (!task) throw notFound("Task not found.");
  }
  try {
    return await tx.agent.create({
      data: {
        workspaceId: scope.workspaceId,
        templateId: template.id,
        kind: template.kind,
        displayName: options.displayName,
        taskId: options.taskId ?? null,
        externalId: options.externalId ?? null,
        state: { create: { workspaceId: scope.workspaceId } },
      },
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(options.taskId ? "This task already has an agent." : "An agent with this externalId already exists.");
    throw e;
  }
}
