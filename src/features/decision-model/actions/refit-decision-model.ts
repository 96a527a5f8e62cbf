"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceAction } from "@/features/workspaces/server";
import { refitDecisionModel } from "../server/refit-decision-model";

export const refitDecisionModelAction = workspaceAction({ input: z.object({ templateId: IdSchema }), permission: "feedback.classify" }, async ({ templateId }, ctx) => {
  const result = await refitDecisionModel({ workspaceId: ctx.workspace.id, templateId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`);
  return result;
});
