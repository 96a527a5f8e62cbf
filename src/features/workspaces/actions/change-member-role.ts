"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "../server/workspace-action";
import { ChangeMemberRoleInput } from "../schemas";
import { changeMemberRole } from "../server/change-member-role";

export const changeMemberRoleAction = workspaceAction(
  { input: ChangeMemberRoleInput, permission: "members.manage" },
  async (input, ctx) => {
    const result = await changeMemberRole(ctx, input);
    revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
    return result;
  },
);
