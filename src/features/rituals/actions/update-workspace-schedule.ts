"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { UpdateWorkspaceScheduleInput } from "../schemas";
import { updateWorkspaceSchedule as update } from "../server/schedule-writes";

/** The workspace's ritual schedule (admins); improvers that follow it get their next wake recomputed. */
export const updateWorkspaceSchedule = workspaceAction({ input: UpdateWorkspaceScheduleInput, permission: "rituals.manage" }, async (input, ctx) => {
  const result = await update({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
