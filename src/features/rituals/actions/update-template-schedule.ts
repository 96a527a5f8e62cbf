"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { UpdateTemplateScheduleInput } from "../schemas";
import { updateTemplateSchedule } from "../server/update-template-schedule";

/** A template's own ritual schedule (admins; null fields follow the workspace). */
export const updateTemplateScheduleAction = workspaceAction({ input: UpdateTemplateScheduleInput, permission: "rituals.manage" }, async (input, ctx) => {
  const result = await updateTemplateSchedule({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
