import { createAgent, listAgentsPage } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";
import { getTemplate } from "@/features/templates/server";
import type { Agent } from "@/generated/prisma/client";
import { AppError, notFound } from "@/server/errors";

type AgentRow = Pick<Agent, "id" | "templateId" | "displayName" | "kind" | "lifecycle" | "taskId" | "externalId" | "createdAt">;

const shape = (agent: AgentRow) => ({
  id: agent.id,
  templateId: agent.templateId,
  displayName: agent.displayName,
  kind: agent.kind,
  lifecycle: agent.lifecycle,
  taskId: agent.taskId,
  externalId: agent.externalId,
  createdAt: agent.createdAt.toISOString(),
});

export const GET = apiRoute(apiEndpoints.listAgents, async (_input, { scope, query }) => {
  // A template of another workspace (or none) is a 404, like every id out of the key's reach.
  if (query.templateId && !(await getTemplate(scope.workspaceId, query.templateId))) throw notFound("Template not found.");
  const page = await listAgentsPage({ workspaceId: scope.workspaceId, templateId: query.templateId, lifecycle: query.lifecycle, limit: query.limit, after: query.cursor });
  return { agents: page.agents.map(shape), nextCursor: page.nextCursor };
});

export const POST = apiRoute(apiEndpoints.createAgent, async (input, { scope }) => {
  try {
    return shape(await createAgent({ scope, ...input }));
  } catch (e) {
    // Two registrations of one externalId at the same moment: the loser finds the winner's agent.
    if (input.externalId && e instanceof AppError && e.status === 409) return shape(await createAgent({ scope, ...input }));
    throw e;
  }
});
