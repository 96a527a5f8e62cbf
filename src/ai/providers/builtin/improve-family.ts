import { applyClauseEdits } from "@/ai/directives/edit";
import { planFromData, type DataPlan } from "@/ai/directives/from-data";
import { MAX_CHANGES, planFromFeedback, type ClauseChange, type ClauseNote, type Evidence, type FeedbackPlan, type FeedbackSource } from "@/ai/directives/feedback-plan";
import { CLAUSE_KINDS, CLAUSES_OF_TOOL, isNumericKind, paramsOf, sameParams } from "@/ai/directives/params";
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

/**
 * What people's words ask, reconciled with what their decisions and ratings measure: where the
 * data calls for a clause, the words only add to its evidence (the number is the data's); a
 * number the data measured is never moved by words alone, and a clause the data backs is not
 * loosened or removed. Words set a number only where nothing was measured.
 */
function reconcile(words: readonly ClauseChange[], data: DataPlan): ClauseChange[] {
  const fromData = new Map(data.changes.map((c) => [c.kind, c]));
  const backed = new Set(data.backed.map((b) => b.kind));
  const kept: ClauseChange[] = [];
  for (const c of words) {
    const measured = fromData.get(c.kind);
    if (measured) {
      fromData.set(c.kind, { ...measured, evidence: [...measured.evidence, ...c.evidence] });
      continue;
    }
    if (isNumericKind(c.kind) && data.numbers[c.kind] !== undefined) continue;
    if (backed.has(c.kind) && c.to === null) continue;
    kept.push(c);
  }
  return [...fromData.values(), ...kept];
}

/** The same directives, whatever the spacing and list markers. */
const normalized = (d: string) =>
  d
    .split("\n")
    .map((l) => l.trim().replace(/^[-*•+]\s+/, "").replace(/\s+/g, " ").toLowerCase())
    .filter(Boolean)
    .join("\n");

/**
 * The changes to make: every one, or — when people already rejected exactly that version — the
 * largest subset that is not a version they rejected (dropping the least supported first). Null
 * when every subset was rejected.
 */
function notRejected(base: string, changes: ClauseChange[], rejected: readonly string[]): ClauseChange[] | null {
  if (!rejected.length || !changes.length) return changes;
  const seen = new Set(rejected.map(normalized));
  const edited = (list: ClauseChange[]) => applyClauseEdits(base, list.map(({ kind, to }) => ({ kind, to }))).directives;
  for (let size = changes.length; size >= 1; size--) {
    for (const subset of subsetsOf(changes, size)) if (!seen.has(normalized(edited(subset)))) return subset;
  }
  return null;
}

/** Subsets of `size`, best supported first (the list is sorted by weight; earlier items are kept longest). */
function* subsetsOf<T>(items: T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= items.length - size; i++) for (const rest of subsetsOf(items, size - 1, i + 1)) yield [items[i]!, ...rest];
}

/** `base` (the head, or the proposal under discussion made from it) edited by the feedback, the measured decisions and the person's request. */
export function familyEdits(ctx: ImproverContext, head: string, base: string, asked: FeedbackPlan): FamilyEdits {
  const headPolicy = readDirectives(head);
  const feedback = planFromFeedback(feedbackTexts(ctx), headPolicy, { limit: CLAUSE_KINDS.length });
  const data = planFromData(ctx.signals, headPolicy, ctx.acceptanceByKind);
  const askedKinds = new Set(asked.changes.map((c) => c.kind));
  // Reviewers disagree on these tools: their clauses wait for the team, whatever the feedback says.
  const frozen = new Set(ctx.frozenTools.flatMap((tool) => CLAUSES_OF_TOOL[tool] ?? []));
  const fromTeam = reconcile(feedback.changes, data)
    .filter((c) => !askedKinds.has(c.kind) && !frozen.has(c.kind))
    .sort((a, b) => Number(Boolean(b.data)) - Number(Boolean(a.data)) || b.weight - a.weight)
    .slice(0, MAX_CHANGES);
  const chosen = notRejected(base, fromTeam, asked.changes.length ? [] : ctx.rejectedDirectives) ?? [];
  const changes = [...asked.changes, ...chosen];
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
    kept: [...asked.kept, ...feedback.kept, ...data.backed].filter((k, i, all) => !madeKinds.has(k.kind) && all.findIndex((x) => x.kind === k.kind) === i),
    already: asked.already,
    fromFeedback: made.some((m) => chosen.includes(m.change)),
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

/** The words people wrote behind a change (the measured line is not one of them). */
const written = (change: ClauseChange) => change.evidence.filter((e) => e.text !== change.data);

/** One rationale sentence per change: what it does, what was measured and whose words led to it. */
export function changeSentence({ change, before, after }: MadeChange): string {
  const what = after === null ? `Removes ${quote(before ?? "")}` : before === null ? `Adds ${quote(after)}` : `Changes ${quote(before)} to ${quote(after)}`;
  if (change.data) {
    const words = written(change);
    return `${what}: ${change.data.replace(/\.$/, "")}${words.length ? `; ${whoSaid(words)} said so too: ${theirWords(words)}` : ""}.`;
  }
  return `${what}: ${because(change.evidence, change.said)}.`;
}

export function keptSentence(note: ClauseNote): string {
  const measured = note.said.startsWith("people's");
  return `Keeps ${quote(clauseText(note.params))}: ${measured ? note.evidence[0]!.text.replace(/\.$/, "") : because(note.evidence, note.said)}.`;
}

/** The change in the chat's words: "a new clause "…" (2 observations)". */
export function changePhrase({ change, before, after }: MadeChange): string {
  const who = change.data ? `measured over ${plural(change.weight, "decision")}` : whoSaid(change.evidence);
  if (after === null) return `${quote(before ?? "", 80)} removed (${who})`;
  if (before === null) return `a new clause ${quote(after, 80)} (${who})`;
  return `${quote(before, 80)} revised to ${quote(after, 80)} (${who})`;
}

/** "If agents follow "…", complaints that the checklist was too long should drop next week." */
export function changeHypothesis({ change, before, after }: MadeChange): string {
  const lead = after === null ? `Without ${quote(before ?? "", 300)}` : `If agents follow ${quote(after, 300)}`;
  if (change.data) return `${lead}, ${change.kind.startsWith("report.") ? "runs should be rated higher" : "more of their proposals should be confirmed"} next week (measured: ${change.data.replace(/\.$/, "")}).`;
  return `${lead}, complaints that ${change.said} should drop next week.`;
}
