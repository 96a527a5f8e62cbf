"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { refreshFeedback } from "../server/refresh-feedback";

export const refreshFeedbackAction = workspaceAction({ input: z.object({ templateId: IdSchema }), permission: "feedback.classify" }, async ({ templateId }, ctx) => {
  const result = await refreshFeedback({ scope: scopeOf(ctx), templateId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`);
  return result;
});
