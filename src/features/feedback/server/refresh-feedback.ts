import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { runFeedbackPipeline } from "./run-feedback-pipeline";

/**
 * "Classify new feedback" on the template page: extracts and classifies everything not seen yet
 * (rows already classified cost nothing) and stores an aggregate. The weekly ritual runs the same
 * pipeline on its own delta.
 */
export async function refreshFeedback({ scope, templateId }: { scope: Scope; templateId: string }) {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!template) throw notFound("Template not found.");
  const result = await runFeedbackPipeline({ workspaceId: scope.workspaceId, templateId: template.id, sinceCounter: 0 });
  const { totals } = result.summary;
  return { classified: totals.items, modelCalls: result.classify.modelCalls, pending: result.classify.pending };
}
