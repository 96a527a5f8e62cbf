"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { db } from "@/server/db";
import { workspaceAction } from "@/features/workspaces/server";
import { notFound } from "@/server/errors";
import { runFeedbackPipeline } from "../server/run-feedback-pipeline";

/**
 * "Classify new feedback" on the template page: extracts and classifies everything not seen yet
 * (rows already classified cost nothing) and stores an aggregate. The weekly ritual runs the same
 * pipeline on its own delta.
 */
export const refreshFeedbackAction = workspaceAction({ input: z.object({ templateId: IdSchema }), permission: "feedback.classify" }, async ({ templateId }, ctx) => {
  const template = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId: ctx.workspace.id }, select: { id: true } });
  if (!template) throw notFound("Template not found.");
  const result = await runFeedbackPipeline({ workspaceId: ctx.workspace.id, templateId: template.id, sinceCounter: 0 });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${template.id}`);
  const { totals } = result.summary;
  return { classified: totals.items, modelCalls: result.classify.modelCalls, pending: result.classify.pending };
});
