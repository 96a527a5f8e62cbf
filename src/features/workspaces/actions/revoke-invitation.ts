"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { RevokeInvitationInput } from "../schemas";
import { revokeInvitation as revoke } from "../server/revoke-invitation";

export const revokeInvitation = workspaceAction(
  { input: RevokeInvitationInput, permission: "members.invite" },
  async (input, ctx) => {
    const result = await revoke(ctx, input);
    revalidatePath(`/w/${ctx.workspace.slug}/settings/members`);
    return result;
  },
);
