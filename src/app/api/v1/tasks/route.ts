import { apiEndpoints } from "@/features/api-keys/endpoints";
import { createTask } from "@/features/tasks/server/create-task";
import type { ChecklistItem } from "@/features/tasks/schemas";
import { requestAgentWake } from "@/inngest/send";
import { apiRoute } from "@/server/api-route";

export const POST = apiRoute(apiEndpoints.createTask, async (input, { scope }) => {
  const { task, agent } = await createTask({ scope, ...input });
  // After the commit, like the web app: the new task's agent wakes (a queueing failure is logged).
  if (agent) await requestAgentWake({ workspaceId: scope.workspaceId, agentId: agent.id, reason: "creation" }).catch(() => undefined);
  return {
    task: {
      id: task.id,
      title: task.title,
      description: task.description,
      status: task.status,
      estimateMinutes: task.estimateMinutes,
      // Written from the validated input a moment ago; the column itself is untyped JSON.
      checklist: task.checklist as ChecklistItem[],
      createdAt: task.createdAt.toISOString(),
      completedAt: task.completedAt?.toISOString() ?? null,
    },
    agent: agent ? { id: agent.id, templateId: agent.templateId, displayName: agent.displayName } : null,
  };
});
