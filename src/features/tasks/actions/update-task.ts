"use server";
import { revalidatePath } from "next/cache";
import { requestAgentWake } from "@/inngest/send";
import { db } from "@/server/db";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { UpdateTaskInput } from "../schemas";
import { updateTask as update } from "../server/update-task";

export const updateTask = workspaceAction({ input: UpdateTaskInput, permission: "tasks.write" }, async ({ taskId, ...patch }, ctx) => {
  const task = await update({ scope: scopeOf(ctx), taskId, patch });
  // A person changed the task: its agent re-reads it (throttled to one wake per 120 s per agent).
  const agent = await db.agent.findFirst({ where: { taskId: task.id, workspaceId: ctx.workspace.id }, select: { id: true } });
  if (agent) await requestAgentWake({ workspaceId: ctx.workspace.id, agentId: agent.id, reason: "subscription" }).catch(() => undefined);
  revalidatePath(`/w/${ctx.workspace.slug}/tasks`, "layout");
  return { id: task.id, status: task.status };
});
