"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { UpdateTemplateScheduleInput } from "../schemas";
import { updateTemplateSchedule as update } from "../server/schedule-writes";

/** A template's own ritual schedule (admins; null fields follow the workspace). */
export const updateTemplateSchedule = workspaceAction({ input: UpdateTemplateScheduleInput, permission: "rituals.manage" }, async (input, ctx) => {
  const result = await update({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
