import { z } from "zod";
import { CorrectFeedbackLabelsInput } from "@/features/feedback/schemas";
import { correctFeedbackLabels } from "@/features/feedback/server";
import { workspaceRoute } from "@/features/workspaces/server";
import { deliverOutbox } from "@/inngest/outbox";
import { markWorkspaceChanged } from "@/server/read-cache";
import { scopeOf } from "@/server/scope";

// "Check labels" saves each key press here (the same single write path as
// correctFeedbackLabelsAction): a plain request per label, so a person typing fast is never
// held behind the router's queue of server actions.
export const POST = workspaceRoute({ params: z.object({}), input: CorrectFeedbackLabelsInput, permission: "feedback.label" }, async (input, ctx) => {
  const { eventIds, ...result } = await correctFeedbackLabels({ scope: scopeOf(ctx), ...input });
  await markWorkspaceChanged(ctx.workspace.id);
  await deliverOutbox({ ids: eventIds });
  return result;
});
