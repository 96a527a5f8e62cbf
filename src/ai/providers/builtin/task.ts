import type { TaskPromptData } from "@/ai/prompts/task-agent";

// The task as the task-agent roles work on it, from the data the prompt was written from
// (TaskPromptData): text trimmed, empty checklist items and observations left out.

export type TaskFacts = {
  title: string;
  status: "open" | "in_progress" | "done";
  estimateMinutes: number | null;
  description: string;
  checklist: { text: string; done: boolean }[];
  /** Notes the agent recorded on earlier wakes (not repeated). */
  recentObservations: string[];
};

export function taskFacts({ task, observations }: Pick<TaskPromptData, "task" | "observations">): TaskFacts {
  return {
    title: task.title.trim(),
    status: task.status === "in_progress" || task.status === "done" ? task.status : "open",
    estimateMinutes: task.estimateMinutes || null,
    description: task.description.trim(),
    checklist: task.checklist.map((c) => ({ text: c.text.trim(), done: c.done })).filter((c) => c.text),
    recentObservations: observations.map((o) => o.trim()).filter(Boolean),
  };
}

export const openItems = (task: TaskFacts) => task.checklist.filter((c) => !c.done);

/** Nothing left to do: the task is done, or every item of a non-empty checklist is ticked. */
export const workFinished = (task: TaskFacts) =>
  task.status === "done" || (task.checklist.length > 0 && task.checklist.every((c) => c.done));
