import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { inTransaction, type Tx } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

export type ProposedItem = { tool: string; args: Prisma.InputJsonObject; summary: string };

/** An agent's proposals (tool calls) awaiting a person, as one change set with its items. */
export async function createChangeSet(options: { scope: Scope; agentId: string; items: ProposedItem[]; wakeRunId?: string | null; taskId?: string | null }, outer?: Tx) {
  const { scope } = options;
  const write = async (tx: Tx) => {
    const agent = await tx.agent.findFirst({ where: { id: options.agentId, workspaceId: scope.workspaceId }, select: { id: true, templateId: true, taskId: true } });
    if (!agent) throw notFound("Agent not found.");
    if (options.wakeRunId) {
      const run = await tx.wakeRun.findFirst({ where: { id: options.wakeRunId, agentId: agent.id, workspaceId: scope.workspaceId }, select: { id: true } });
      if (!run) throw notFound("Run not found for this agent.");
    }
    const taskId = options.taskId ?? agent.taskId;
    if (taskId && taskId !== agent.taskId) {
      const task = await tx.task.findFirst({ where: { id: taskId, workspaceId: scope.workspaceId }, select: { id: true } });
      if (!task) throw notFound("Task not found.");
    }
    // Stamped by the app's clock when written, like the wake that saves it (its run's start and end).
    const at = Date.now();
    const set = await tx.changeSet.create({
      data: { workspaceId: scope.workspaceId, agentId: agent.id, templateId: agent.templateId, taskId, wakeRunId: options.wakeRunId ?? null, createdAt: new Date(at) },
    });
    // One millisecond apart, in the order proposed: everything that lists a set's items orders by
    // createdAt, and rows of one statement would otherwise tie (and come back in any order).
    await tx.changeItem.createMany({
      data: options.items.map((item, i) => ({
        createdAt: new Date(at + i),
        workspaceId: scope.workspaceId,
        changeSetId: set.id,
        agentId: agent.id,
        templateId: agent.templateId,
        tool: item.tool,
        args: item.args,
        summary: item.summary,
      })),
    });
    const items = await tx.changeItem.findMany({ where: { changeSetId: set.id }, select: { id: true, tool: true, summary: true, status: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return { id: set.id, agentId: agent.id, taskId, items };
  };
  // Inside the caller's transaction when given (e.g. a wake saving its whole output at once).
  return inTransaction(outer, write);
}
