import { apiEndpoints } from "@/features/api-keys/endpoints";
import { listTemplates } from "@/features/templates/server";
import { apiRoute } from "@/features/api-keys/server";

export const GET = apiRoute(apiEndpoints.listTemplates, async (_input, { scope }) => {
  const templates = await listTemplates(scope.workspaceId, { tasksOnly: true });
  return { templates: templates.map((t) => ({ id: t.id, name: t.name, kind: t.kind, headVersion: t.headNumber })) };
});
