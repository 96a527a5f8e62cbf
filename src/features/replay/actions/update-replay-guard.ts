"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { UpdateReplayGuardInput } from "../schemas";
import { updateReplayGuard } from "../server/update-replay-guard";

/** Advisory or guard (admins). */
export const updateReplayGuardAction = workspaceAction({ input: UpdateReplayGuardInput, permission: "rituals.manage" }, async (input, ctx) => {
  const result = await updateReplayGuard({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
