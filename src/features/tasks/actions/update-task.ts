"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { UpdateTaskInput } from "../schemas";
import { editTask } from "../server/edit-task";

export const updateTaskAction = workspaceAction({ input: UpdateTaskInput, permission: "tasks.write" }, async ({ taskId, ...patch }, ctx) => {
  const task = await editTask({ scope: scopeOf(ctx), taskId, patch });
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`, "layout");
  return { id: task.id, status: task.status };
});
