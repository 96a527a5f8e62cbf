"use server";
import { revalidatePath } from "next/cache";
import { deliverOutbox } from "@/inngest/outbox";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RejectProposalInput } from "../schemas";
import { rejectProposal } from "../server/reject-proposal";

// A ritual revises on a rejection (its decision event is delivered after the commit, as for an
// approval) unless the person chose to refine in the chat first.
export const rejectProposalAction = workspaceAction({ input: RejectProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const { eventIds, ...result } = await rejectProposal({ scope: scopeOf(ctx), proposalId: input.proposalId, reason: input.reason, resumeRitual: !input.refineInChat });
  if (eventIds.length) await deliverOutbox({ ids: eventIds });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
