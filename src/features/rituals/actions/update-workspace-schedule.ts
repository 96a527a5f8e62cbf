"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { UpdateWorkspaceScheduleInput } from "../schemas";
import { updateWorkspaceSchedule } from "../server/update-workspace-schedule";

/** The workspace's ritual schedule (admins); improvers that follow it get their next wake recomputed. */
export const updateWorkspaceScheduleAction = workspaceAction({ input: UpdateWorkspaceScheduleInput, permission: "rituals.manage" }, async (input, ctx) => {
  const result = await updateWorkspaceSchedule({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
