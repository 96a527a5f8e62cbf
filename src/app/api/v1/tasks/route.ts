import { apiEndpoints } from "@/features/api-keys/endpoints";
import { createTask } from "@/features/tasks/server";
import type { ChecklistItem } from "@/features/tasks/schemas";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.createTask, async (input, { scope }) => {
  const { task, agent } = await createTask({ scope, ...input, wakeAgent: true });
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
