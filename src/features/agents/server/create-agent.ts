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
 * only its template: the version is resolved through the head at each run. With an `externalId`
 * (the team's own id for an agent that runs in its code) registering is idempotent: the agent
 * already registered under that id on this template is returned as it is; on another template it
 * is a conflict.
 */
export async function createAgent(options: CreateAgentOptions, tx: Tx = db) {
  const registered = options.externalId ? await findRegistered(tx, options) : null;
  return registered ?? insertAgent(options, tx);
}

async function findRegistered(tx: Tx, options: CreateAgentOptions) {
  const agent = await tx.agent.findFirst({ where: { workspaceId: options.scope.workspaceId, externalId: options.externalId } });
  if (agent && agent.templateId !== options.templateId) throw conflict("An agent with this externalId is registered on another template.");
  return agent;
}

async function insertAgent(options: CreateAgentOptions, tx: Tx) {
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
    // With an externalId, a registration racing this one won: the caller may ask again and get it
    // (the REST route does, once).
    if (isUniqueViolation(e)) throw conflict(options.taskId ? "This task already has an agent." : "An agent with this externalId already exists.");
    throw e;
  }
}
