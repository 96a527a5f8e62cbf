import { createAgent } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.createAgent, async (input, { scope }) => {
  const agent = await createAgent({ scope, ...input });
  return {
    id: agent.id,
    templateId: agent.templateId,
    displayName: agent.displayName,
    kind: agent.kind,
    lifecycle: agent.lifecycle,
    taskId: agent.taskId,
    externalId: agent.externalId,
    createdAt: agent.createdAt.toISOString(),
  };
});
