import { getAgentDirectives } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";

export const GET = apiRoute(apiEndpoints.getAgentDirectives, async (_input, { scope, params }) => getAgentDirectives({ workspaceId: scope.workspaceId, agentId: params.id }));
