"use server";
import { revalidatePath } from "next/cache";
import { announceRitualDecision } from "@/jobs/send";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { ApproveProposalInput, RejectProposalInput } from "../schemas";
import { approveProposal as approve, rejectProposal as reject } from "../server/proposals";

// A ritual waits for these decisions: after the write commits, it is told (Inngest resumes its
// waitForEvent; the embedded runner runs the next step: the post-ritual update, or a revision).

export const approveProposal = workspaceAction({ input: ApproveProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const result = await approve({ scope: scopeOf(ctx), ...input });
  const { session } = result;
  if (session.origin === "ritual" && session.improverAgentId) {
    await announceRitualDecision({ workspaceId: ctx.workspace.id, sessionId: session.id, improverAgentId: session.improverAgentId, decision: "approved" });
  }
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});

export const rejectProposal = workspaceAction({ input: RejectProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const result = await reject({ scope: scopeOf(ctx), proposalId: input.proposalId, reason: input.reason });
  if (result.origin === "ritual" && result.improverAgentId && !input.refineInChat) {
    await announceRitualDecision({ workspaceId: ctx.workspace.id, sessionId: result.sessionId, improverAgentId: result.improverAgentId, decision: "rejected" });
  }
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
