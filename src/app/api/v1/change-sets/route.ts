import { apiEndpoints } from "@/features/api-keys/endpoints";
import { createChangeSet } from "@/features/decisions/server";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.createChangeSet, async (input, { scope }) => {
  const set = await createChangeSet({ scope, ...input });
  return { id: set.id, agentId: set.agentId, taskId: set.taskId, items: set.items };
});
