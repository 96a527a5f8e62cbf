"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { ChangeMemberRoleInput } from "../schemas";
import { changeMemberRole as change } from "../server/change-member-role";

export const changeMemberRole = workspaceAction(
  { input: ChangeMemberRoleInput, permission: "members.manage" },
  async (input, ctx) => {
    const result = await change(ctx, input);
    revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
    return result;
  },
);
