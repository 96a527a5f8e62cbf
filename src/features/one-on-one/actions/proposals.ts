"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { ApproveProposalInput, RejectProposalInput } from "../schemas";
import { approveProposal as approve, rejectProposal as reject } from "../server/proposals";

export const approveProposal = workspaceAction({ input: ApproveProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const result = await approve({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return result;
});

export const rejectProposal = workspaceAction({ input: RejectProposalInput, permission: "proposals.decide" }, async (input, ctx) => {
  const result = await reject({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return result;
});
