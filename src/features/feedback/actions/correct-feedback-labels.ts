"use server";
import { deliverOutbox } from "@/inngest/outbox";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CorrectFeedbackLabelsInput } from "../schemas";
import { correctFeedbackLabels } from "../server/correct-feedback-labels";

/**
 * A person's labels for written feedback items (one, or a bulk selection): corrections or
 * confirmations. No revalidatePath: the chips refresh their page themselves, and "Check labels"
 * keeps its list while a person works through it (a re-rendered page per key press queued the
 * next label behind it); workspaceAction's data version still makes every cached read fresh.
 */
export const correctFeedbackLabelsAction = workspaceAction({ input: CorrectFeedbackLabelsInput, permission: "feedback.label" }, async (input, ctx) => {
  const { eventIds, ...result } = await correctFeedbackLabels({ scope: scopeOf(ctx), ...input });
  await deliverOutbox({ ids: eventIds });
  return result;
});
