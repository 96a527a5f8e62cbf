import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import { fitTemplateDecisionModel } from "./fit-template";

/** "Refit now" on the template page: the template must be a task template of the workspace (404 otherwise, as for a missing one). */
export async function refitDecisionModel(scope: { workspaceId: string; templateId: string }) {
  const template = await db.agentTemplate.findFirst({ where: { id: scope.templateId, workspaceId: scope.workspaceId, level: 0 }, select: { id: true } });
  if (!template) throw notFound("Template not found.");
  const fit = await fitTemplateDecisionModel(scope);
  return { decisions: fit.decisions, ratings: fit.ratings, signals: fit.model.signals.length + fit.model.ratingSignals.length };
}
