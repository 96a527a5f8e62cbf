"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "../server/workspace-action";
import { RemoveMemberInput } from "../schemas";
import { removeMember } from "../server/remove-member";

// Permission "workspace.read": any member may leave; removing someone else is checked in the
// service (owners only).
export const removeMemberAction = workspaceAction({ input: RemoveMemberInput, permission: "workspace.read" }, async (input, ctx) => {
  const result = await removeMember(ctx, input);
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
