import { getAgentDirectives } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";
import { resolveActiveVersion } from "@/features/templates/server";

export const GET = apiRoute(apiEndpoints.getTemplateDirectives, async (_input, { scope, params, query }) => {
  // ?agent=: the version that agent must run (an agent of another template is a 404).
  if (query.agent) return getAgentDirectives({ workspaceId: scope.workspaceId, agentId: query.agent, templateId: params.id });
  const head = await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: params.id });
  return { templateId: params.id, versionId: head.id, version: head.number, directives: head.directives };
});
