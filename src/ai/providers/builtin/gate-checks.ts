import { directedEstimate } from "./directed-estimate";
import { estimateTask, formatMinutes, plausibleEstimate } from "./estimate";
import type { OutputFacts } from "./output-facts";

// How the built-in evaluator scores a gate: the gate's name (or else its description) picks a
// family of measurable criteria; the value is the weighted share of criteria met, and the
// feedback lists each unmet criterion in words the refine phase can act on.

export type Criterion = { weight: number; ok: boolean; feedback: string };
type Check = (f: OutputFacts) => Criterion;

const list = (xs: string[]) => xs.slice(0, 2).map((x) => `"${x}"`).join(", ");

// What the directives cap is not held against the output: at most N checklist items lowers the
// coverage asked for, a short report cap needs only one next step.
const wantedSteps = (f: OutputFacts) => Math.min(4, f.policy.checklist.maxItems ?? 4);
const wantedNextBullets = (f: OutputFacts) => ((f.policy.report.maxSentences ?? Infinity) < 6 ? 1 : 2);

const C = {
  reportPresent: (f) => ({ weight: 1, ok: f.report.trim() !== "", feedback: "There is no report; write one with Summary, Next steps and Risks sections." }),
  longEnough: (f) => ({ weight: 1, ok: f.reportWords >= 30, feedback: `The report is too short (${f.reportWords} words); say where the task stands and what comes next.` }),
  scannable: (f) => ({ weight: 1, ok: f.reportWords <= 250, feedback: `The report has ${f.reportWords} words; cut it to under 250 so it can be scanned.` }),
  summaryFirst: (f) => ({ weight: 1, ok: f.sections.summaryFirst, feedback: "The report does not open with a summary; start with a 'Summary' section of two or three sentences." }),
  nextSteps: (f) => ({ weight: 1, ok: f.sections.nextBullets >= wantedNextBullets(f) || (f.workFinished && f.sections.next), feedback: "The report has no 'Next steps' list; add two or three bullet points." }),
  risks: (f) => ({ weight: 2, ok: f.sections.risks, feedback: "The report has no 'Risks' section; add one naming what could delay the task and how to reduce it." }),
  riskMitigations: (f) => ({ weight: 1, ok: f.sections.risks && f.sections.riskMitigations, feedback: "Not every risk says how to reduce it; end each risk with 'To reduce it: …'." }),
  structure: (f) => {
    const missing = [!f.sections.summary && "Summary", !f.sections.next && "Next steps", !f.sections.risks && "Risks"].filter(Boolean);
    return { weight: 2, ok: missing.length === 0, feedback: `The report is missing the ${missing.join(", ")} section${missing.length > 1 ? "s" : ""}; use Summary, Next steps and Risks so readers find things fast.` };
  },
  shortSentences: (f) => ({ weight: 1, ok: f.avgSentenceWords <= 20, feedback: `Sentences average ${Math.round(f.avgSentenceWords)} words; keep them under 20.` }),
  plainWords: (f) => ({ weight: 1, ok: f.ticketKeys.length === 0, feedback: `The report uses internal ticket keys (${f.ticketKeys.join(", ")}); say what they are about in plain words.` }),
  confidence: (f) => ({ weight: 1, ok: f.output.report?.confidence != null, feedback: "The report states no confidence; give a value between 0 and 1." }),
  coverage: (f) => ({ weight: 2, ok: f.workFinished || f.openSteps >= wantedSteps(f), feedback: `Only ${f.openSteps} open checklist items cover the work; propose at least ${wantedSteps(f)} concrete checklist items.` }),
  verbFirst: (f) => ({ weight: 1, ok: f.nonVerbItems.length === 0, feedback: `Checklist items should start with a verb (${list(f.nonVerbItems)}).` }),
  specificItems: (f) => ({ weight: 1, ok: f.vagueItems.length === 0, feedback: `Some checklist items are too vague (${list(f.vagueItems)}); name what to act on.` }),
  estimatePresent: (f) => ({ weight: 1, ok: f.workFinished || f.estimate !== null, feedback: "There is no estimate; propose one in minutes." }),
  estimatePlausible: (f) => {
    const e = f.estimate;
    // What the directives ask for (rounding, a range's upper bound) is plausible too.
    const directed = directedEstimate(f.task, f.policy);
    const asDirected = e !== null && (e.minutes === directed.minutes || (directed.range !== null && e.minutes >= directed.range.low && e.minutes <= directed.range.high));
    const ok = !e?.proposed || plausibleEstimate(f.task, e.minutes) || asDirected;
    const own = estimateTask(f.task).minutes;
    return { weight: 1, ok, feedback: `The proposed estimate of ${formatMinutes(e?.minutes ?? 0)} looks ${e && e.minutes > own ? "high" : "low"} for ${f.openSteps} open steps; about ${formatMinutes(own)} is more likely.` };
  },
  estimateExplained: (f) => ({ weight: 2, ok: f.sections.estimate || (f.workFinished && f.estimate === null), feedback: "The report does not explain the estimate; add an 'Estimate' section with the reasoning behind the number." }),
  statusConsistent: (f) => {
    const open = f.task.checklist.filter((c) => !c.done).length;
    const ok = !(f.proposedStatus === "done" && open > 0) && !(f.proposedStatus && f.task.status === "done");
    return { weight: 1, ok, feedback: f.task.status === "done" ? "The task is already done; do not propose another status." : `The proposed status 'done' contradicts the ${open} open checklist items.` };
  },
  ambiguityRecorded: (f) => ({ weight: 1, ok: f.ambiguities === 0 || f.observationsRecorded > 0, feedback: "The task leaves things unclear but no observation records them; record what is ambiguous." }),
} satisfies Record<string, Check>;

const weighted = (check: Check, weight: number): Check => (f) => ({ ...check(f), weight });

export type FamilyName = "risk" | "accuracy" | "clarity" | "completeness" | "action" | "ambiguity" | "generic";
type Family = { name: FamilyName; match: RegExp; checks: Check[] };

// Order matters: the first family whose pattern matches the gate's name wins, then its description.
const FAMILIES: Family[] = [
  { name: "risk", match: /risk|uncertain|caveat/i, checks: [C.risks, C.riskMitigations, C.ambiguityRecorded] },
  { name: "accuracy", match: /accura|correct|precis|estimat|realis|plausib|truth|fact|priorit|\bsla\b|routing|date/i, checks: [C.estimatePresent, C.estimatePlausible, C.estimateExplained, C.statusConsistent, weighted(C.risks, 1)] },
  { name: "clarity", match: /clar|communicat|tone|audience|readab|concise|writ|language|jargon|plain|brevity|style/i, checks: [C.summaryFirst, C.shortSentences, C.plainWords, C.structure, C.scannable] },
  { name: "completeness", match: /complete|thorough|coverage|cover|missing|breaking|known issues/i, checks: [C.coverage, C.summaryFirst, C.nextSteps, C.risks, C.estimatePresent] },
  { name: "action", match: /action|specific|concrete|next step|practical|useful|checklist|\bsteps?\b/i, checks: [C.verbFirst, C.specificItems, C.nextSteps, weighted(C.coverage, 1), C.risks] },
  { name: "ambiguity", match: /ambigu|question|assum|observ|unknown/i, checks: [C.ambiguityRecorded, C.risks] },
];
const GENERIC: Check[] = [C.reportPresent, C.longEnough, C.structure, C.confidence, C.ambiguityRecorded];

const familyFor = (gate: { name: string; description?: string }) => FAMILIES.find((f) => f.match.test(gate.name)) ?? FAMILIES.find((f) => f.match.test(gate.description ?? ""));

export function checksFor(gate: { name: string; description?: string }): Check[] {
  return familyFor(gate)?.checks ?? GENERIC;
}

/** Which family judges the gate ("generic" when none matches). */
export const familyName = (gate: { name: string; description?: string }): FamilyName => familyFor(gate)?.name ?? "generic";
