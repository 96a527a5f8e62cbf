import { applyClauseEdits } from "@/ai/directives/edit";
import { planFromFeedback, type ClauseChange, type ClauseNote, type Evidence, type FeedbackPlan, type FeedbackSource } from "@/ai/directives/feedback-plan";
import { CLAUSE_KINDS, CLAUSES_OF_TOOL, paramsOf, sameParams } from "@/ai/directives/params";
import { clauseText, readDirectives } from "@/ai/directives/policy";
import type { ImproverContext } from "./improve-context";
import { feedbackTexts } from "./improve-evidence";
import { plural, quote } from "./improve-turn";

// The built-in improver's edits of the directive clause family: what the written feedback asks
// of the head's clauses (weighed against the head), what the person's own words ask of the
// proposal under discussion (weighed against it; they win over the feedback for the same
// clause), made as edits in place (directives/edit.ts); and how to say each change with the
// words that led to it.

/** A change the proposal makes to the head, with the sentences before and after. */
export type MadeChange = { change: ClauseChange; before: string | null; after: string | null };

export type FamilyEdits = {
  directives: string;
  /** What differs from the head, most supported first. */
  made: MadeChange[];
  /** Clauses the feedback praises, left as they are. */
  kept: ClauseNote[];
  /** Clauses people asked for that the directives already have. */
  already: ClauseNote[];
  /** The feedback (not the request) led to at least one change. */
  fromFeedback: boolean;
  /** The person's words asked something of the clause family (a change, or one already made). */
  requestRead: boolean;
};

const NO_PLAN: FeedbackPlan = { changes: [], kept: [], already: [] };

/** What the person's words ask of the clause family, weighed against `base` (what they are looking at). */
export function requestPlan(request: string, base: string): FeedbackPlan {
  return request.trim() ? planFromFeedback([{ text: request, count: 1, source: "request" }], readDirectives(base), { limit: CLAUSE_KINDS.length }) : NO_PLAN;
}

/** True when the plan read anything in the person's words (a change, a clause to keep, one already there). */
export const readsAsClauses = (plan: FeedbackPlan) => plan.changes.length + plan.kept.length + plan.already.length > 0;

/** `base` (the head, or the proposal under discussion made from it) edited by the feedback and the person's request. */
export function familyEdits(ctx: ImproverContext, head: string, base: string, asked: FeedbackPlan): FamilyEdits {
  const headPolicy = readDirectives(head);
  const feedback = planFromFeedback(feedbackTexts(ctx), headPolicy);
  const askedKinds = new Set(asked.changes.map((c) => c.kind));
  // Reviewers disagree on these tools: their clauses wait for the team, whatever the feedback says.
  const frozen = new Set(ctx.frozenTools.flatMap((tool) => CLAUSES_OF_TOOL[tool] ?? []));
  const changes = [...asked.changes, ...feedback.changes.filter((c) => !askedKinds.has(c.kind) && !frozen.has(c.kind))];
  const edited = applyClauseEdits(base, changes.map(({ kind, to }) => ({ kind, to })));
  const now = readDirectives(edited.directives);
  // What the proposal changes from the head: this turn's edits, and the ones a proposal under discussion already made.
  const made = changes
    .filter((c) => sameParams(paramsOf(now, c.kind), c.to) && !sameParams(paramsOf(headPolicy, c.kind), c.to))
    .map((change): MadeChange => {
      const applied = edited.applied.find((a) => a.kind === change.kind);
      const was = paramsOf(headPolicy, change.kind);
      return { change, before: applied ? applied.before : was && clauseText(was), after: applied ? applied.after : change.to && clauseText(change.to) };
    })
    .sort((a, b) => b.change.weight - a.change.weight);
  const madeKinds = new Set(made.map((m) => m.change.kind));
  return {
    directives: edited.directives,
    made,
    kept: [...asked.kept, ...feedback.kept].filter((k, i, all) => !madeKinds.has(k.kind) && all.findIndex((x) => x.kind === k.kind) === i),
    already: asked.already,
    fromFeedback: made.some((m) => feedback.changes.includes(m.change)),
    requestRead: readsAsClauses(asked),
  };
}

// ── Saying it ───────────────────────────────────────────────────────────────────────────────

const SOURCE_NOUN: Record<Exclude<FeedbackSource, "request">, string> = { rejection: "rejection", observation: "observation", feedback: "feedback item" };

/** "3 rejections and 1 observation", "you". */
export function whoSaid(evidence: readonly Evidence[]): string {
  const counts = new Map<FeedbackSource, number>();
  for (const e of evidence) counts.set(e.source, (counts.get(e.source) ?? 0) + e.count);
  const parts = [...counts].map(([source, n]) => (source === "request" ? "you" : plural(n, SOURCE_NOUN[source])));
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** People's words, quoted as they wrote them: “12 items for a password reset”; “way too many steps”. */
export function theirWords(evidence: readonly Evidence[], max = 2): string {
  const texts = [...new Set(evidence.map((e) => e.text.replace(/\s+/g, " ").trim().replace(/[.;:,]+$/, "")))].slice(0, max);
  return texts.map((t) => `“${t.length > 100 ? `${t.slice(0, 99).trimEnd()}…` : t}”`).join("; ");
}

const because = (evidence: readonly Evidence[], said: string) => {
  const words = theirWords(evidence);
  return `${whoSaid(evidence)} said ${said}${words ? `: ${words}` : ""}`;
};

/** One rationale sentence per change: what it does and whose words led to it. */
export function changeSentence({ change, before, after }: MadeChange): string {
  const what = after === null ? `Removes ${quote(before ?? "")}` : before === null ? `Adds ${quote(after)}` : `Changes ${quote(before)} to ${quote(after)}`;
  return `${what}: ${because(change.evidence, change.said)}.`;
}

export function keptSentence(note: ClauseNote): string {
  return `Keeps ${quote(clauseText(note.params))}: ${because(note.evidence, note.said)}.`;
}

/** The change in the chat's words: "a new clause "…" (2 observations)". */
export function changePhrase({ change, before, after }: MadeChange): string {
  const who = whoSaid(change.evidence);
  if (after === null) return `${quote(before ?? "", 80)} removed (${who})`;
  if (before === null) return `a new clause ${quote(after, 80)} (${who})`;
  return `${quote(before, 80)} revised to ${quote(after, 80)} (${who})`;
}

/** "If agents follow "…", complaints that the checklist was too long should drop next week." */
export function changeHypothesis({ change, before, after }: MadeChange): string {
  const lead = after === null ? `Without ${quote(before ?? "", 300)}` : `If agents follow ${quote(after, 300)}`;
  return `${lead}, complaints that ${change.said} should drop next week.`;
}
