"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { RemoveMemberInput } from "../schemas";
import { removeMember as remove } from "../server/remove-member";

// Permission "workspace.read": any member may leave; removing someone else is checked in the
// service (owners only).
export const removeMember = workspaceAction({ input: RemoveMemberInput, permission: "workspace.read" }, async (input, ctx) => {
  const result = await remove(ctx, input);
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
