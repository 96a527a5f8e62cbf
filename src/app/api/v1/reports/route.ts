import { writeReport } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.writeReport, async ({ scope: reportScope, ...input }, { scope }) => {
  const report = await writeReport({ scope, reportScope, ...input });
  return { id: report.id, agentId: report.agentId, scope: report.scope, confidence: report.confidence, createdAt: report.createdAt.toISOString() };
});
