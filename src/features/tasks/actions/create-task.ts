"use server";
import { revalidatePath } from "next/cache";
import { requestAgentWake } from "@/inngest/send";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { CreateTaskInput } from "../schemas";
import { createTask as create } from "../server/create-task";

export const createTask = workspaceAction({ input: CreateTaskInput, permission: "tasks.write" }, async (input, ctx) => {
  const { task, agent } = await create({ scope: scopeOf(ctx), title: input.title, description: input.description, templateId: input.templateId });
  // After the commit: the new task's agent wakes. A failure to queue is logged by sendEvent and
  // does not undo the task ("Run now" is there).
  if (agent) await requestAgentWake({ workspaceId: ctx.workspace.id, agentId: agent.id, reason: "creation" }).catch(() => undefined);
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`);
  return { id: task.id, agentId: agent?.id ?? null };
});
