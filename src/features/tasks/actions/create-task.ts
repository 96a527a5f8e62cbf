"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { CreateTaskInput } from "../schemas";
import { createTask as create } from "../server/create-task";

export const createTask = workspaceAction({ input: CreateTaskInput, permission: "tasks.write" }, async (input, ctx) => {
  const { task, agent } = await create({ scope: scopeOf(ctx), title: input.title, description: input.description, templateId: input.templateId });
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`);
  return { id: task.id, agentId: agent?.id ?? null };
});
