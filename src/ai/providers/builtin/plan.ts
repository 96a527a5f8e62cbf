import type { WakeOutput } from "@/ai/prompts/task-agent";
import { findAmbiguities } from "./ambiguity";
import { candidateItems } from "./checklist";
import { estimateTask } from "./estimate";
import { buildReport, confidenceFor, type Polish } from "./report";
import { openItems, workFinished, type TaskFacts } from "./task";

// What the task agent decides to propose for one task: the same rules for execute and refine,
// with `Polish` deciding how complete the result is.

export type Plan = {
  checklistItems: string[];
  estimate: { minutes: number; rationale: string | null } | null;
  status: { status: "in_progress" | "done"; reason: string } | null;
  observations: string[];
  report: { markdown: string; confidence: number };
};

export function planTask(task: TaskFacts, polish: Polish, keep?: { checklistItems?: string[] }): Plan {
  const finished = workFinished(task);
  const checklistItems = finished ? [] : (keep?.checklistItems ?? candidateItems(task).slice(0, polish.checklist === "draft" ? 3 : 6));

  const own = estimateTask(task);
  const estimate = task.estimateMinutes || finished ? null : { minutes: own.minutes, rationale: polish.estimateRationale ? own.rationale : null };

  const open = openItems(task).length + checklistItems.length;
  const status: Plan["status"] =
    finished && task.status !== "done"
      ? { status: "done", reason: "every checklist item is done" }
      : task.status === "open" && open > 0
        ? { status: "in_progress", reason: `${open} open steps are planned` }
        : null;

  const seen = task.recentObservations;
  const observations = finished
    ? []
    : findAmbiguities(task)
        .map((a) => a.observation)
        .filter((o) => !seen.includes(o))
        .slice(0, 3);

  return {
    checklistItems,
    estimate,
    status,
    observations,
    report: {
      markdown: buildReport({ task, proposedItems: checklistItems, proposedEstimate: estimate?.minutes ?? null, polish }),
      confidence: confidenceFor(task, polish),
    },
  };
}

/** The plan in the contract's WakeOutput shape (for callers that ask for JSON instead of tools). */
export function toWakeOutput(plan: Plan): WakeOutput {
  const proposals: WakeOutput["proposals"] = [];
  if (plan.checklistItems.length) proposals.push({ tool: "propose_checklist_items", args: { items: plan.checklistItems }, summary: `Add ${plan.checklistItems.length} checklist items` });
  if (plan.estimate) proposals.push({ tool: "propose_estimate", args: { minutes: plan.estimate.minutes }, summary: `Estimate ${plan.estimate.minutes} min${plan.estimate.rationale ? `: ${plan.estimate.rationale}` : ""}` });
  if (plan.status) proposals.push({ tool: "propose_status", args: { status: plan.status.status }, summary: `Mark the task ${plan.status.status.replace("_", " ")}: ${plan.status.reason}` });
  return { proposals, report: plan.report, observations: plan.observations };
}
