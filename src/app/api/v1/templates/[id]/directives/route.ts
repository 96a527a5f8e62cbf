import { apiEndpoints } from "@/features/api-keys/endpoints";
import { resolveActiveVersion } from "@/features/templates/server";
import { apiRoute } from "@/features/api-keys/server";

export const GET = apiRoute(apiEndpoints.getTemplateDirectives, async (_input, { scope, params }) => {
  const head = await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: params.id });
  return { templateId: params.id, versionId: head.id, version: head.number, directives: head.directives };
});
