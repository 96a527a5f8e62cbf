"use server";
import { revalidatePath } from "next/cache";
import { deliverOutbox } from "@/inngest/outbox";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { ApproveProposalInput } from "../schemas";
import { approveProposal } from "../server/approve-proposal";

// A ritual waits for this decision: the service writes its event with the decision (outbox); it is
// delivered once the write commits and resumes the ritual's step.waitForEvent (on Inngest or the
// local executor). A failed delivery is retried by the relay, never reported to the person: the
// decision is saved.
export const approveProposalAction = workspaceAction({ input: ApproveProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const { eventIds, ...result } = await approveProposal({ scope: scopeOf(ctx), ...input });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
