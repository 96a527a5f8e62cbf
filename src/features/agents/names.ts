// What an agent is called. A task's agent is named after its task when it is created ("Agent ·
// <title>"); where the task is shown beside it (the template's Instances) that name only repeats
// the task, so it reads as a short id instead. Pure: pages and components share it.

const TASK_AGENT_PREFIX = "Agent · ";

/** The name a task's agent gets when its task is created. */
export const taskAgentName = (taskTitle: string) => `${TASK_AGENT_PREFIX}${taskTitle.slice(0, 60)}`;

/** The end of an agent's id, enough to tell the agents of one template apart: "Agent k3x9q2". */
export const shortAgentName = (agentId: string) => `Agent ${agentId.slice(-6)}`;

/** A title shortened by hand ("Scheduled reports are sent one hour late after the DST chan…"): enough of it to count. */
const SHORTENED = /^(.{12,}?)\s*(?:…|\.\.\.)$/s;

/** Whether `part` is `title`, or `title` shortened (cut, or cut and marked with "…" / "..."). */
function sameTitle(part: string, title: string): boolean {
  if (part === title) return true;
  const cut = SHORTENED.exec(part)?.[1] ?? (part.length >= 40 ? part : null);
  return cut !== null && title.startsWith(cut);
}

/**
 * The agent's name beside its task: its own name, or a short id when the name only repeats the
 * task's title ("Agent · <title>" as created, any "<prefix> · <title>", the title itself, or any of
 * them with the title shortened).
 */
export function agentNameBesideTask({ agentId, displayName, taskTitle }: { agentId: string; displayName: string; taskTitle: string | null }): string {
  if (taskTitle === null) return displayName;
  const title = taskTitle.trim();
  const name = displayName.trim();
  // The name itself, and what follows each " · " in it (a prefix may have one too: "EU · Triage · <title>").
  const parts = [name, ...[...name.matchAll(/ · /g)].map((m) => name.slice(m.index + 3).trim())];
  const repeats = title.length > 0 && parts.some((part) => sameTitle(part, title));
  return repeats ? shortAgentName(agentId) : displayName;
}
