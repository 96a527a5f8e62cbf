"use server";
import { revalidatePath } from "next/cache";
import { deliverOutbox } from "@/inngest/outbox";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { ApproveProposalInput, RejectProposalInput } from "../schemas";
import { approveProposal as approve, rejectProposal as reject } from "../server/proposals";

// A ritual waits for these decisions: the service writes its event with the decision (outbox), and
// it is delivered once the write commits and resumes the ritual's step.waitForEvent (on Inngest or
// the local executor): the post-ritual update, or a revision. A failed delivery is retried by the
// relay, never reported to the person: the decision is saved.

export const approveProposal = workspaceAction({ input: ApproveProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const { eventIds, ...result } = await approve({ scope: scopeOf(ctx), ...input });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});

export const rejectProposal = workspaceAction({ input: RejectProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const { eventIds, ...result } = await reject({ scope: scopeOf(ctx), proposalId: input.proposalId, reason: input.reason, resumeRitual: !input.refineInChat });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
