"use server";
import { revalidatePath } from "next/cache";
import { deliverOutbox } from "@/inngest/outbox";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CorrectFeedbackLabelsInput } from "../schemas";
import { correctFeedbackLabels } from "../server/correct-feedback-labels";

/** A person's labels for written feedback items (one, or a bulk selection): corrections or confirmations. */
export const correctFeedbackLabelsAction = workspaceAction({ input: CorrectFeedbackLabelsInput, permission: "feedback.label" }, async (input, ctx) => {
  const { eventIds, ...result } = await correctFeedbackLabels({ scope: scopeOf(ctx), ...input });
  await deliverOutbox({ ids: eventIds });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
