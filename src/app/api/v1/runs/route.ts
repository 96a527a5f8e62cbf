import { recordRun } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.recordRun, async (input, { scope }) => {
  const run = await recordRun({ scope, ...input });
  return {
    id: run.id,
    agentId: run.agentId,
    templateId: run.templateId,
    templateVersionId: run.templateVersionId,
    reason: run.reason,
    status: input.status, // the row's type also allows "running"; a recorded run never is
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    durationMs: run.durationMs,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    qualityScore: run.qualityScore,
    iterations: run.iterations,
    arm: run.arm,
    warning: run.warning,
  };
});
