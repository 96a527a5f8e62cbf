import { describeRisk, findAmbiguities } from "./ambiguity";
import { estimateTask, formatMinutes, plausibleEstimate } from "./estimate";
import { openItems, workFinished, type TaskFacts } from "./task";
import { sentences, stripEnd, TICKET_KEY, truncateWords } from "./text";

// The markdown report written with write_report. Which sections appear depends on `Polish`, so the
// first execute can leave some out on purpose and the refine phase can add them back.

export type Polish = {
  /** "draft" proposes at most 3 checklist items, "full" up to 6. */
  checklist: "draft" | "full";
  risks: boolean;
  /** An "Estimate" section and a rationale on propose_estimate. */
  estimateRationale: boolean;
  /** No ticket keys (ENG-123) in the report: it is read by people outside the team. */
  plainWords: boolean;
};

export const DRAFT: Polish = { checklist: "draft", risks: false, estimateRationale: false, plainWords: false };
export const FULL: Polish = { checklist: "full", risks: true, estimateRationale: true, plainWords: true };

const STATUS_LABEL = { open: "open", in_progress: "in progress", done: "done" } as const;

export type ReportInput = { task: TaskFacts; proposedItems: string[]; proposedEstimate: number | null; polish: Polish };

export function buildReport({ task, proposedItems, proposedEstimate, polish }: ReportInput): string {
  const done = task.checklist.filter((c) => c.done).length;
  const progress = task.checklist.length === 0 ? "There is no checklist yet." : `${done} of ${task.checklist.length} checklist items ${done === 1 ? "is" : "are"} done.`;
  const context = sentences(task.description)[0];
  const summary = [`${task.title ? `"${task.title}"` : "The task"} is ${STATUS_LABEL[task.status]}.`, progress, context ? `${truncateWords(stripEnd(context), 18)}`.replace(/(?<!…)$/, ".") : null];

  const upcoming = [...openItems(task).map((c) => c.text), ...proposedItems].slice(0, 3);
  const next = workFinished(task)
    ? ["Confirm the outcome with the requester.", "Close the task once it is confirmed."]
    : upcoming.length
      ? upcoming
      : ["Break the task into concrete steps."];

  const parts = ["## Summary", summary.filter(Boolean).join(" "), "", "## Next steps", ...next.map((n) => `- ${n}`)];

  if (polish.risks) {
    const risks = workFinished(task)
      ? [describeRisk({ risk: "The result may not hold once more people rely on it", mitigation: "check back with the requester in a week" })]
      : findAmbiguities(task).slice(0, 3).map(describeRisk);
    if (risks.length === 0) risks.push(describeRisk({ risk: "Unknowns may surface once work starts", mitigation: "post an update after the first step" }));
    parts.push("", "## Risks", ...risks.map((r) => `- ${r}`));
  }

  if (polish.estimateRationale && (proposedEstimate || task.estimateMinutes || !workFinished(task))) {
    const own = estimateTask(task);
    const line = proposedEstimate
      ? `I propose ${formatMinutes(proposedEstimate)}: ${own.rationale}`
      : task.estimateMinutes
        ? `The current estimate of ${formatMinutes(task.estimateMinutes)} ${plausibleEstimate(task, task.estimateMinutes) ? "fits" : "looks off for"} the open work. My rule gives ${formatMinutes(own.minutes)}: ${own.rationale}`
        : `Not estimated yet. My rule gives ${formatMinutes(own.minutes)}: ${own.rationale}`;
    parts.push("", "## Estimate", line);
  }

  const markdown = parts.join("\n");
  return polish.plainWords ? markdown.replace(TICKET_KEY, "").replace(/ {2,}/g, " ").replace(/ ([.,:;])/g, "$1") : markdown;
}

/** Lower when the task is unclear; higher once the report is complete. */
export function confidenceFor(task: TaskFacts, polish: Polish): number {
  const base = polish.risks ? 0.85 : 0.65;
  return Math.max(0.3, Math.round((base - 0.05 * findAmbiguities(task).length) * 100) / 100);
}
