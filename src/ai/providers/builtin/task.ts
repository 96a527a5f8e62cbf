import { SECTION } from "@/ai/prompts/task-agent";
import { section } from "./prompt";

// Reads the "## Task" and "## Your recent observations" sections written by taskSections() in
// src/ai/prompts/task-agent.ts back into data. Keep the two in step.

export type ParsedTask = {
  title: string;
  status: "open" | "in_progress" | "done";
  estimateMinutes: number | null;
  description: string;
  checklist: { text: string; done: boolean }[];
  /** Notes the agent recorded on earlier wakes (not repeated). */
  recentObservations: string[];
};

export function parseTask(user: string): ParsedTask | null {
  const block = section(user, SECTION.task);
  if (block === null) return null;
  const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "m").exec(block)?.[1]?.trim() ?? "";

  const descStart = block.search(/^Description:[ \t]*$/m);
  const listStart = block.lastIndexOf("\nChecklist:");
  const description =
    descStart >= 0 ? block.slice(block.indexOf("\n", descStart) + 1, listStart > descStart ? listStart : undefined).trim() : "";
  const checklist =
    listStart >= 0
      ? block
          .slice(listStart + "\nChecklist:".length)
          .split("\n")
          .map((line) => /^\s*-\s*\[([ xX])\]\s*(.+)$/.exec(line))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => ({ text: m[2].trim(), done: m[1].toLowerCase() === "x" }))
      : [];
  const status = field("Status");
  const minutes = /^(\d+)/.exec(field("Estimate"));
  const observations = section(user, SECTION.observations) ?? "";

  return {
    title: field("Title"),
    status: status === "in_progress" || status === "done" ? status : "open",
    estimateMinutes: minutes ? Number(minutes[1]) : null,
    description: description === "(none)" ? "" : description,
    checklist,
    recentObservations: observations
      .split("\n")
      .map((l) => /^\s*-\s+(.+)$/.exec(l)?.[1]?.trim())
      .filter((l): l is string => Boolean(l)),
  };
}

export const openItems = (task: ParsedTask) => task.checklist.filter((c) => !c.done);

/** Nothing left to do: the task is done, or every item of a non-empty checklist is ticked. */
export const workFinished = (task: ParsedTask) =>
  task.status === "done" || (task.checklist.length > 0 && task.checklist.every((c) => c.done));

/** For prompts without a "## Task" section (an evaluation of free text, say). */
export const EMPTY_TASK: ParsedTask = { title: "", status: "open", estimateMinutes: null, description: "", checklist: [], recentObservations: [] };
