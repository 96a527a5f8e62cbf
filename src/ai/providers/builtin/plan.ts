import { EMPTY_POLICY, type DirectivePolicy } from "@/ai/directives/policy";
import type { WakeOutput } from "@/ai/prompts/task-agent";
import { directedAmbiguities } from "./criteria";
import { candidateItems } from "./checklist";
import { directChecklist } from "./directed-checklist";
import { directedEstimate, estimateRationale } from "./directed-estimate";
import { phrasesFor } from "./phrases";
import { buildReport, confidenceFor, type Polish } from "./report";
import { openItems, workFinished, type TaskFacts } from "./task";

// What the task agent decides to propose for one task: the same rules for execute and refine,
// with `Polish` deciding how complete the result is and the directives' policy (read once from the
// prompt data) adding what its clauses ask for. The empty policy changes nothing.

export type Plan = {
  checklistItems: string[];
  estimate: { minutes: number; rationale: string | null } | null;
  status: { status: "in_progress" | "done"; reason: string } | null;
  observations: string[];
  report: { markdown: string; confidence: number };
};

/** The polish raised by what the directives always ask for. */
const directedPolish = (polish: Polish, policy: DirectivePolicy): Polish => ({
  ...polish,
  estimateRationale: polish.estimateRationale || policy.estimate.rationale,
  plainWords: polish.plainWords || policy.report.plainWords,
});

function statusFor(task: TaskFacts, proposedItems: number, policy: DirectivePolicy): Plan["status"] {
  if (policy.status.mode === "never") return null;
  // "whenSupported": done only when every item is ticked (as always), in progress only once one is.
  const supported = policy.status.mode !== "whenSupported" || task.checklist.some((c) => c.done);
  const open = openItems(task).length + proposedItems;
  if (workFinished(task) && task.status !== "done") return { status: "done", reason: "every checklist item is done" };
  if (task.status === "open" && open > 0 && supported) return { status: "in_progress", reason: `${open} open steps are planned` };
  return null;
}

export function planTask(task: TaskFacts, polish: Polish, policy: DirectivePolicy = EMPTY_POLICY, keep?: { checklistItems?: string[] }): Plan {
  const finished = workFinished(task);
  const directed = directedPolish(polish, policy);
  const checklistItems = finished
    ? []
    : keep?.checklistItems
      ? directChecklist(keep.checklistItems, task, policy, Infinity)
      : directChecklist(candidateItems(task), task, policy, polish.checklist === "draft" ? 3 : 6);

  const own = directedEstimate(task, policy);
  const estimate = task.estimateMinutes || finished ? null : { minutes: own.minutes, rationale: estimateRationale(own, phrasesFor(policy.language), directed.estimateRationale) };

  const seen = task.recentObservations;
  const observations = finished
    ? []
    : directedAmbiguities(task, policy)
        .map((a) => a.observation)
        .filter((o) => !seen.includes(o))
        .slice(0, 3);

  return {
    checklistItems,
    estimate,
    status: statusFor(task, checklistItems.length, policy),
    observations,
    report: {
      markdown: buildReport({ task, proposedItems: checklistItems, proposedEstimate: estimate, polish: directed, policy }),
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
