import type { DirectivePolicy } from "@/ai/directives/policy";
import { blockingOutOfOrder } from "./blocking";
import { asksForCriteria } from "./criteria";
import { directedEstimate } from "./directed-estimate";
import type { Criterion, FamilyName } from "./gate-checks";
import type { OutputFacts } from "./output-facts";
import { phrasesFor } from "./phrases";
import { jargonIn } from "./plain-words";
import { reportSentenceCount } from "./report-shape";
import { touchedTopics } from "./risk-topics";

// The evaluator's compliance checks: each clause of the directives the agent was given becomes
// a criterion of the gates whose family it belongs to (a generic gate takes them all), worded so
// the refine phase can act on it. A clause the directives lack, or one with nothing to check in
// this output (no estimate proposed, say), adds nothing, so an empty policy changes no score.

type Topic = "checklist" | "estimate" | "risks" | "criteria" | "report" | "status";
type ClauseCheck = { topic: Topic; check: (f: OutputFacts, p: DirectivePolicy) => Criterion | null };

const TOPICS: Record<FamilyName, Topic[]> = {
  risk: ["risks"],
  accuracy: ["estimate", "status"],
  clarity: ["report"],
  completeness: ["checklist", "risks", "criteria"],
  action: ["checklist", "criteria"],
  ambiguity: ["criteria"],
  generic: ["checklist", "estimate", "risks", "criteria", "report", "status"],
};

const criterion = (ok: boolean, feedback: string): Criterion => ({ weight: 1, ok, feedback });
const RANGE = /\d+\s*(?:min|h)?\s*[–-]\s*\d+\s*(?:min|h)\b/;
const estimateProposal = (f: OutputFacts) => f.output.proposals.find((p) => p.tool === "propose_estimate");

const CLAUSES: ClauseCheck[] = [
  {
    topic: "checklist",
    check: (f, p) => (p.checklist.maxItems === null || f.items.length === 0 ? null : criterion(f.items.length <= p.checklist.maxItems, `The directives ask for at most ${p.checklist.maxItems} checklist items; the output proposes ${f.items.length}.`)),
  },
  {
    topic: "checklist",
    check: (f, p) => {
      if (!p.checklist.blockingFirst || f.items.length < 2) return null;
      const late = blockingOutOfOrder(f.items);
      return criterion(late === null, `The directives ask for blocking steps first; move the checklist item "${late}" before the others.`);
    },
  },
  {
    topic: "estimate",
    check: (f, p) => {
      const e = estimateProposal(f);
      return !p.estimate.rationale || !e ? null : criterion(/:\s*\S/.test(e.summary) || f.sections.estimate, "The directives ask for a one-line rationale with every estimate; add the reasoning behind the number.");
    },
  },
  {
    topic: "estimate",
    check: (f, p) => {
      const n = p.estimate.roundTo;
      return n === null || !f.estimate?.proposed ? null : criterion(f.estimate.minutes % n === 0, `The directives ask to round estimates to the nearest ${n} minutes; the proposed estimate is ${f.estimate.minutes} minutes.`);
    },
  },
  {
    topic: "estimate",
    check: (f, p) => {
      const e = estimateProposal(f);
      const risky = p.estimate.rangeForRisky && e ? directedEstimate(f.task, p).risky : [];
      return risky.length === 0 ? null : criterion(RANGE.test(`${e!.summary}\n${f.report}`), `The directives ask for a range for risky work (${risky.join(", ")}); state the estimate as a range, such as 45–90 min.`);
    },
  },
  {
    topic: "risks",
    check: (f, p) => {
      const topics = touchedTopics(f.task, p);
      const missing = topics.filter((t) => !f.sections.riskText.toLowerCase().includes(t));
      return topics.length === 0 ? null : criterion(f.sections.risks && missing.length === 0, `The directives ask for a 'Risks' section when the task touches ${topics.join(", ")}; add one that names ${missing.join(", ") || topics.join(", ")}.`);
    },
  },
  {
    topic: "criteria",
    check: (f, p) => {
      if (!asksForCriteria(f.task, p)) return null;
      const asked = [...f.items, ...f.output.observations, ...f.task.checklist.map((c) => c.text)].some((t) => /acceptance criteria|what done means|definition of done/i.test(t));
      return criterion(asked, "The directives ask for acceptance criteria when the task gives none; add a checklist item that asks the requester for them.");
    },
  },
  {
    topic: "report",
    check: (f, p) => {
      const n = p.report.maxSentences;
      if (n === null || !f.report.trim()) return null;
      const count = reportSentenceCount(f.report);
      return criterion(count <= n, `The directives ask for at most ${n} sentences in the report; it has ${count}.`);
    },
  },
  { topic: "report", check: (f, p) => (!p.report.bullets || !f.report.trim() ? null : criterion(f.sections.summaryBullets, "The directives ask for reports as bullets; write the summary as bullet points.")) },
  {
    topic: "report",
    check: (f, p) => {
      if (!p.report.plainWords || !f.report.trim()) return null;
      const found = jargonIn(f.report);
      return criterion(found.length === 0, `The directives ask for plain words; say ${found.slice(0, 3).map((w) => `"${w}"`).join(", ")} in plain words.`);
    },
  },
  {
    topic: "report",
    check: (f, p) => {
      if (!p.language || p.language === "English" || !f.report.trim()) return null;
      const heading = phrasesFor(p.language).headings.summary;
      return criterion(f.report.includes(heading), `The directives ask for reports in ${p.language}; write the headings and fixed phrases in ${p.language} (start with '## ${heading}').`);
    },
  },
  {
    topic: "status",
    check: (f, p) => {
      const s = f.proposedStatus;
      if (!s || p.status.mode === "default") return null;
      if (p.status.mode === "never") return criterion(false, `The directives say never to propose a status change; drop the proposed status '${s}'.`);
      const items = f.task.checklist;
      const ok = s === "done" ? items.length > 0 && items.every((c) => c.done) : s === "in_progress" ? items.some((c) => c.done) : true;
      return criterion(ok, `The directives allow a status change only when the checklist supports it; '${s.replace("_", " ")}' needs ${s === "done" ? "every" : "at least one"} checklist item done.`);
    },
  },
];

/** The compliance criteria for one gate of the family given. */
export function directiveCriteria(family: FamilyName, f: OutputFacts): Criterion[] {
  const topics = TOPICS[family];
  return CLAUSES.filter((c) => topics.includes(c.topic))
    .map((c) => c.check(f, f.policy))
    .filter((c): c is Criterion => c !== null);
}
