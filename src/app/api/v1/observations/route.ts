import { recordObservation } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";
import { requestFeedbackClassification } from "@/inngest/send";

export const POST = apiRoute(apiEndpoints.recordObservation, async (input, { scope }) => {
  const message = await recordObservation({ scope, ...input });
  await requestFeedbackClassification(scope.workspaceId);
  return { id: message.id, agentId: message.agentId, text: message.text, createdAt: message.createdAt.toISOString() };
});
