import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { retryGivenUpFeedback } from "./classify-pending";
import { runFeedbackPipeline } from "./run-feedback-pipeline";

/**
 * "Classify new feedback" on the template page: labels the template's written texts still
 * waiting (those given up after failed tries included: a person asked), then extracts and stores
 * an aggregate of everything. The weekly ritual runs the same pipeline on its own delta.
 */
export async function refreshFeedback({ scope, templateId }: { scope: Scope; templateId: string }) {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!template) throw notFound("Template not found.");
  await retryGivenUpFeedback({ workspaceId: scope.workspaceId, templateId: template.id });
  const result = await runFeedbackPipeline({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: 0 });
  return {
    classified: result.summary.totals.items,
    modelCalls: result.classify?.modelCalls ?? 0,
    pending: result.extract.pendingTexts,
    failure: result.classify?.failure?.message ?? null,
  };
}
