"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "../server/workspace-action";
import { RevokeInvitationInput } from "../schemas";
import { revokeInvitation } from "../server/revoke-invitation";

export const revokeInvitationAction = workspaceAction(
  { input: RevokeInvitationInput, permission: "members.invite" },
  async (input, ctx) => {
    const result = await revokeInvitation(ctx, input);
    revalidatePath(`/w/${ctx.workspace.slug}/settings/members`);
    return result;
  },
);
