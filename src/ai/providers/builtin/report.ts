import { EMPTY_POLICY, type DirectivePolicy } from "@/ai/directives/policy";
import { describeRisk, findAmbiguities } from "./ambiguity";
import { blockingFirst } from "./blocking";
import { directedEstimate, estimateRationale } from "./directed-estimate";
import { formatMinutes, plausibleEstimate } from "./estimate";
import { phrasesFor, type Phrases } from "./phrases";
import { shapeReport } from "./report-shape";
import { touchedTopics } from "./risk-topics";
import { openItems, workFinished, type TaskFacts } from "./task";
import { sentences, stripEnd, TICKET_KEY, truncateWords } from "./text";
import { triage, triageLine } from "./triage";

// The markdown report written with write_report. Which sections appear depends on `Polish`, so the
// first execute can leave some out on purpose and the refine phase can add them back. The
// directives' policy adds what its clauses ask for (language, bullets, a Risks section for named
// topics, an estimate range) and shapeReport applies plain words and the sentence cap last.

export type Polish = {
  /** "draft" proposes at most 3 checklist items, "full" up to 6. */
  checklist: "draft" | "full";
  risks: boolean;
  /** An "Estimate" section and a rationale on propose_estimate. */
  estimateRationale: boolean;
  /** No ticket keys (ENG-123) in the report: it is read by people outside the team. */
  plainWords: boolean;
  /** A line saying the ticket's priority and where it goes (asked for by a gate that checks routing or a priority). */
  triage?: boolean;
};

export const DRAFT: Polish = { checklist: "draft", risks: false, estimateRationale: false, plainWords: false };
export const FULL: Polish = { checklist: "full", risks: true, estimateRationale: true, plainWords: true, triage: true };

export type ReportInput = {
  task: TaskFacts;
  proposedItems: string[];
  proposedEstimate: { minutes: number; rationale: string | null } | null;
  polish: Polish;
  policy?: DirectivePolicy;
};

function riskLines(task: TaskFacts, polish: Polish, policy: DirectivePolicy, P: Phrases): string[] {
  const topics = touchedTopics(task, policy);
  const named = topics.length ? [describeRisk(P.topicRisk(topics.join(", ")), P.toReduce)] : [];
  if (!polish.risks) return named;
  const risks = workFinished(task)
    ? [describeRisk(P.risks.finished(), P.toReduce)]
    : findAmbiguities(task)
        .slice(0, 3)
        .map((a) => describeRisk(P.risks[a.kind]?.(a.quote) ?? a, P.toReduce));
  if (risks.length === 0 && named.length === 0) risks.push(describeRisk(P.risks.unknowns(), P.toReduce));
  return [...named, ...risks];
}

function estimateLine(task: TaskFacts, proposed: ReportInput["proposedEstimate"], policy: DirectivePolicy, P: Phrases): string {
  const d = directedEstimate(task, policy);
  const why = proposed?.rationale ?? estimateRationale(d, P, true)!;
  if (proposed) return P.propose(formatMinutes(proposed.minutes), why);
  if (task.estimateMinutes) return P.current(formatMinutes(task.estimateMinutes), plausibleEstimate(task, task.estimateMinutes), formatMinutes(d.minutes), why);
  return P.notEstimated(formatMinutes(d.minutes), why);
}

export function buildReport({ task, proposedItems, proposedEstimate, polish, policy = EMPTY_POLICY }: ReportInput): string {
  const P = phrasesFor(policy.language);
  const done = task.checklist.filter((c) => c.done).length;
  const progress = task.checklist.length === 0 ? P.noChecklist : P.progress(done, task.checklist.length);
  const context = sentences(task.description)[0];
  const summary = [
    P.is(task.title ? `"${task.title}"` : P.theTask, P.status[task.status]),
    progress,
    context ? `${truncateWords(stripEnd(context), 18)}`.replace(/(?<!…)$/, ".") : null,
    polish.triage ? triageLine(triage(task)) : null,
  ].filter(Boolean);

  const steps = [...openItems(task).map((c) => c.text), ...proposedItems];
  const upcoming = (policy.checklist.blockingFirst ? blockingFirst(steps) : steps).slice(0, 3);
  const next = workFinished(task) ? P.finishedNext : upcoming.length ? upcoming : [P.noSteps];

  const parts = [`## ${P.headings.summary}`, ...(policy.report.bullets ? summary.map((s) => `- ${s}`) : [summary.join(" ")]), "", `## ${P.headings.next}`, ...next.map((n) => `- ${n}`)];

  const risks = riskLines(task, polish, policy, P);
  if (risks.length) parts.push("", `## ${P.headings.risks}`, ...risks.map((r) => `- ${r}`));

  // A range for risky work is stated even when no rationale is asked for.
  const explain = polish.estimateRationale || (proposedEstimate !== null && directedEstimate(task, policy).range !== null);
  if (explain && (proposedEstimate || task.estimateMinutes || !workFinished(task))) parts.push("", `## ${P.headings.estimate}`, estimateLine(task, proposedEstimate, policy, P));

  const markdown = parts.join("\n");
  const plain = polish.plainWords ? markdown.replace(TICKET_KEY, "").replace(/ {2,}/g, " ").replace(/ ([.,:;])/g, "$1") : markdown;
  return shapeReport(plain, policy);
}

/** Lower when the task is unclear; higher once the report is complete. */
export function confidenceFor(task: TaskFacts, polish: Polish): number {
  const base = polish.risks ? 0.85 : 0.65;
  return Math.max(0.3, Math.round((base - 0.05 * findAmbiguities(task).length) * 100) / 100);
}
