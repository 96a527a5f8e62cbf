// What an agent is called. A task's agent is named after its task when it is created ("Agent ·
// <title>"); where the task is shown beside it (the template's Instances) that name only repeats
// the task, so it reads as a short id instead. Pure: pages and components share it.

const TASK_AGENT_PREFIX = "Agent · ";

/** The name a task's agent gets when its task is created. */
export const taskAgentName = (taskTitle: string) => `${TASK_AGENT_PREFIX}${taskTitle.slice(0, 60)}`;

/** The end of an agent's id, enough to tell the agents of one template apart: "Agent k3x9q2". */
export const shortAgentName = (agentId: string) => `Agent ${agentId.slice(-6)}`;

/**
 * The agent's name beside its task: its own name, or a short id when the name only repeats the
 * task's title ("Agent · <title>" as created, any "<prefix> · <title>", or the title itself).
 */
export function agentNameBesideTask({ agentId, displayName, taskTitle }: { agentId: string; displayName: string; taskTitle: string | null }): string {
  if (taskTitle === null) return displayName;
  const title = taskTitle.slice(0, 60).trim();
  const repeats = title.length > 0 && (displayName.trim() === taskTitle.trim() || displayName.trim().endsWith(`· ${title}`));
  return repeats ? shortAgentName(agentId) : displayName;
}
