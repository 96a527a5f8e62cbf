"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { UpdateTaskInput } from "../schemas";
import { updateTask as update } from "../server/update-task";

export const updateTask = workspaceAction({ input: UpdateTaskInput, permission: "tasks.write" }, async ({ taskId, ...patch }, ctx) => {
  const task = await update({ scope: scopeOf(ctx), taskId, patch });
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`, "layout");
  return { id: task.id, status: task.status };
});
