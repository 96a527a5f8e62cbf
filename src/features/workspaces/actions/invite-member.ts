"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "../server/workspace-action";
import { InviteMemberInput } from "../schemas";
import { inviteMember } from "../server/invite-member";

export const inviteMemberAction = workspaceAction({ input: InviteMemberInput, permission: "members.invite" }, async (input, ctx) => {
  const result = await inviteMember(ctx, input);
  revalidatePath(`/w/${ctx.workspace.slug}/settings/members`);
  return result;
});
