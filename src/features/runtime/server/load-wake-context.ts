import "server-only";
import { versionForWake } from "@/features/probation/server";
import { RefineConfigSchema } from "@/features/templates/schemas";
import type { ChecklistItem } from "@/features/tasks/schemas";
import type { TaskContext } from "@/ai/prompts/task-agent";
import { db } from "@/server/db";

const RECENT_OBSERVATIONS = 10;

/**
 * Everything a task-agent wake reads, scoped by workspace: the agent, its task, its state, its
 * template's refine config and HEAD version (resolved now, so the run records what it used) — or,
 * while the head is on probation and the agent is in its baseline arm, the version the head
 * replaced (features/probation) — and its most recent observations. Null when the agent cannot run (gone, not active, or no task).
 */
export async function loadWakeContext({ workspaceId, agentId }: { workspaceId: string; agentId: string }) {
  const agent = await db.agent.findFirst({
    where: { id: agentId, workspaceId },
    select: {
      id: true, lifecycle: true, templateId: true,
      template: { select: { modelId: true, refineConfig: true, runsExternally: true, head: { select: { id: true, number: true, directives: true } } } },
      task: { select: { id: true, title: true, description: true, status: true, checklist: true, estimateMinutes: true } },
      state: { select: { wakeCounter: true, lastWakeAt: true, slots: true } },
    },
  });
  // Agents of a template that runs in the team's own code are never woken here: they report through the API.
  if (!agent || !agent.task || !agent.template.head || agent.template.runsExternally || agent.lifecycle === "destroyed" || agent.lifecycle === "dormant") return null;
  const { version, probationId, arm } = await versionForWake(db, { workspaceId, templateId: agent.templateId, agentId: agent.id, head: agent.template.head });
  const observations = await db.agentMessage.findMany({
    where: { workspaceId, agentId, kind: "observation" },
    orderBy: { createdAt: "desc" },
    take: RECENT_OBSERVATIONS,
    select: { text: true },
  });
  const checklist = (Array.isArray(agent.task.checklist) ? agent.task.checklist : []) as ChecklistItem[];
  const ctx: TaskContext = {
    directives: version.directives,
    task: {
      title: agent.task.title,
      description: agent.task.description,
      status: agent.task.status,
      checklist: checklist.map((c) => ({ text: c.text, done: c.done })),
      estimateMinutes: agent.task.estimateMinutes,
    },
    state: { wakeCounter: agent.state?.wakeCounter ?? 0, lastWakeAt: agent.state?.lastWakeAt ?? null, slots: agent.state?.slots ?? {} },
    observations: observations.map((o) => o.text),
  };
  const parsed = RefineConfigSchema.safeParse(agent.template.refineConfig);
  const refine = parsed.success ? parsed.data : RefineConfigSchema.parse({});
  return { agent, taskId: agent.task.id, version, probation: probationId && arm ? { id: probationId, arm } : null, modelId: agent.template.modelId, refine, ctx };
}
