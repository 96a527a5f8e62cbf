import "server-only";
import { requestFeedbackClassification } from "@/inngest/send";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { retryGivenUpFeedback } from "./classify-pending";
import { runFeedbackPipeline } from "./run-feedback-pipeline";

/** Texts a click labels while the person waits (4 model calls at most); the job takes the rest. */
export const REFRESH_MAX_ITEMS = 100;

/**
 * "Classify new feedback" on the template page: labels up to REFRESH_MAX_ITEMS of the template's
 * written texts still waiting (those given up after failed tries included: a person asked), hands
 * the rest to the background job, then extracts and stores an aggregate of everything. Bounded: a
 * click never holds a request open for a thousand texts. The weekly ritual runs the same pipeline
 * on its own delta.
 */
export async function refreshFeedback({ scope, templateId }: { scope: Scope; templateId: string }) {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!template) throw notFound("Template not found.");
  await retryGivenUpFeedback({ workspaceId: scope.workspaceId, templateId: template.id });
  const result = await runFeedbackPipeline({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: 0, maxItems: REFRESH_MAX_ITEMS });
  if (result.extract.pendingTexts > 0 && !result.classify?.failure) await requestFeedbackClassification(scope.workspaceId);
  return {
    classified: result.summary.totals.items,
    modelCalls: result.classify?.modelCalls ?? 0,
    pending: result.extract.pendingTexts,
    failure: result.classify?.failure?.message ?? null,
  };
}
