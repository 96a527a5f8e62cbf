"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CreateTaskInput } from "../schemas";
import { createTask } from "../server/create-task";

export const createTaskAction = workspaceAction({ input: CreateTaskInput, permission: "tasks.write" }, async (input, ctx) => {
  const { task, agent } = await createTask({ scope: scopeOf(ctx), title: input.title, description: input.description, templateId: input.templateId, wakeAgent: true });
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`);
  return { id: task.id, agentId: agent?.id ?? null };
});
