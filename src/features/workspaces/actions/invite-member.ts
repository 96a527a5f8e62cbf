"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { InviteMemberInput } from "../schemas";
import { inviteMember as invite } from "../server/invite-member";

export const inviteMember = workspaceAction({ input: InviteMemberInput, permission: "members.invite" }, async (input, ctx) => {
  const result = await invite(ctx, input);
  revalidatePath(`/w/${ctx.workspace.slug}/settings/members`);
  return result;
});
