import type { ClauseKind, ClauseParams, DirectivePolicy, Language } from "./policy";
import { readFeedback, type Finding, type ReadOptions, type Stance } from "./from-feedback";
import { AGAINST, PRAISED, WANTED } from "./feedback-said";
import { CLAUSE_KINDS, paramsOf } from "./params";

// Many people's words, weighed against what the directives say now, → the clause changes they
// call for: a clause to add, a number to move, a clause to remove; and the clauses their praise
// says to keep. Each change carries the texts behind it (with how many people said each), so the
// improver can cite them. Numbers follow what people ask for ("make it 7"); when they only say
// "too long", a limit goes down from where it is (8 → 5), or to a default (5 items, 4 sentences)
// when there is none; "too short" raises a limit. Praise for what a clause does outweighs as many
// complaints, so a clause people like is not loosened or removed. Pure and deterministic.

export type FeedbackSource = "request" | "rejection" | "observation" | "feedback";

/** One written text and how many times it was given (a rejection reason ×3); `category`: the feedback category it is an example of, when known. */
export type FeedbackText = { text: string; count: number; source: FeedbackSource; category?: string | null } & ReadOptions;

export type Evidence = { text: string; count: number; source: FeedbackSource; category: string | null; finding: Finding };

export type ClauseChange = {
  kind: ClauseKind;
  /** What the directives say now; null: nothing. */
  from: ClauseParams | null;
  /** The clause to write; null: remove the kind's clause. */
  to: ClauseParams | null;
  /** What people said, in a few words: "the checklist was too long". */
  said: string;
  /** The texts behind the change, most given first. */
  evidence: Evidence[];
  /** How many times the evidence was given. */
  weight: number;
  /** The measured line behind it when people's decisions or ratings call for it (from-data.ts). */
  data?: string;
};

/** A clause the feedback leaves as it is: praised (keep it), or asked for although already there. */
export type ClauseNote = { kind: ClauseKind; params: ClauseParams; said: string; evidence: Evidence[]; weight: number };

export type FeedbackPlan = { changes: ClauseChange[]; kept: ClauseNote[]; already: ClauseNote[] };

/** A proposal changes a few clauses at a time (the improver's "surgical changes" rule). */
export const MAX_CHANGES = 3;

export const DEFAULT_MAX_ITEMS = 5;
export const DEFAULT_MAX_SENTENCES = 4;
export const DEFAULT_ROUND_TO = 15;

/** A lower limit than `n`: 8 → 5, 5 → 3, 4 → 3, 3 → 2. */
export const lower = (n: number) => Math.max(1, n - Math.max(1, Math.round(n / 3)));
/** A higher limit than `n`: 3 → 5, 5 → 8, 8 → 12. */
export const raise = (n: number) => n + Math.max(2, Math.round(n / 2));

export function planFromFeedback(texts: readonly FeedbackText[], policy: DirectivePolicy, { limit = MAX_CHANGES } = {}): FeedbackPlan {
  const byKind = new Map<ClauseKind, Evidence[]>();
  for (const { text, count, source, category = null, ...options } of texts) {
    if (count <= 0) continue;
    for (const finding of readFeedback(text, options)) {
      const list = byKind.get(finding.kind) ?? [];
      list.push({ text, count, source, category, finding });
      byKind.set(finding.kind, list);
    }
  }
  const plan: FeedbackPlan = { changes: [], kept: [], already: [] };
  for (const kind of CLAUSE_KINDS) {
    const evidence = byKind.get(kind);
    if (!evidence) continue;
    const current = paramsOf(policy, kind);
    const outcome = decide(kind, current, evidence);
    if (!outcome) continue;
    const cited = mostGiven(outcome.evidence);
    if (outcome.type === "change") plan.changes.push({ kind, from: current, to: outcome.to, said: outcome.said, evidence: cited, weight: weigh(cited) });
    else if (current) plan[outcome.type].push({ kind, params: current, said: outcome.said, evidence: cited, weight: weigh(cited) });
  }
  // Most supported first; ties keep the family's order (sort is stable).
  plan.changes.sort((a, b) => b.weight - a.weight);
  plan.changes = plan.changes.slice(0, limit);
  return plan;
}

type Outcome = { type: "change"; to: ClauseParams | null; said: string; evidence: Evidence[] } | { type: "kept" | "already"; said: string; evidence: Evidence[] };

const weigh = (evidence: readonly Evidence[]) => evidence.reduce((sum, e) => sum + e.count, 0);
const mostGiven = (evidence: readonly Evidence[]) => [...evidence].sort((a, b) => b.count - a.count);
const only = (evidence: Evidence[], ...stances: Stance[]) => evidence.filter((e) => stances.includes(e.finding.stance));

function decide(kind: ClauseKind, current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const praise = only(evidence, "praise");
  const complaints = evidence.filter((e) => e.finding.stance !== "praise");
  // What people praise stays: as much praise as complaints keeps the clause as it is.
  if (current && praise.length && weigh(praise) >= weigh(complaints)) return { type: "kept", said: PRAISED[kind], evidence: praise };
  switch (kind) {
    case "checklist.maxItems":
    case "report.maxSentences":
      return decideLimit(kind, current, complaints);
    case "estimate.roundTo":
      return decideRounding(current, complaints);
    case "risks.topics":
      return decideTopics(current, complaints);
    case "status.mode":
      return decideStatus(current, complaints);
    case "language":
      return decideLanguage(current, complaints);
    default:
      return decideSwitch(kind, current, complaints);
  }
}

/** A clause that is either there or not (a rationale, bullets, plain words…). */
function decideSwitch(kind: ClauseKind, current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const against = only(evidence, "against");
  const want = only(evidence, "want", "less", "more");
  if (current && weigh(against) > weigh(want)) return { type: "change", to: null, said: AGAINST[kind], evidence: against };
  if (!want.length || weigh(want) <= weigh(against)) return null;
  if (current) return { type: "already", said: WANTED[kind], evidence: want };
  return { type: "change", to: { kind } as ClauseParams, said: WANTED[kind], evidence: want };
}

function decideLimit(kind: "checklist.maxItems" | "report.maxSentences", current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const now = current && "n" in current ? current.n : null;
  const what = kind === "checklist.maxItems" ? { noun: "the checklist", unit: "items", fallback: DEFAULT_MAX_ITEMS, max: 50 } : { noun: "the report", unit: "sentences", fallback: DEFAULT_MAX_SENTENCES, max: 30 };
  const against = only(evidence, "against");
  const asked = evidence.filter((e) => e.finding.stance === "want" && e.finding.n !== undefined);
  const less = only(evidence, "less");
  const more = only(evidence, "more");
  if (now !== null && weigh(against) > weigh([...asked, ...less, ...more])) return { type: "change", to: null, said: `${what.noun} should have no limit`, evidence: against };
  const change = (n: number, said: string, support: Evidence[]): Outcome => {
    const to = Math.min(what.max, Math.max(1, n));
    return to === now ? { type: "already", said, evidence: support } : { type: "change", to: { kind, n: to }, said, evidence: support };
  };
  if (asked.length) {
    // The number most people asked for; a tie goes to the smaller one.
    const votes = new Map<number, number>();
    for (const e of asked) votes.set(e.finding.n!, (votes.get(e.finding.n!) ?? 0) + e.count);
    const [n] = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    const agree = [...asked.filter((e) => e.finding.n === n), ...(now === null || n < now ? less : more)];
    return change(n, `${what.noun} should have at most ${n} ${what.unit}`, agree);
  }
  if (weigh(less) > weigh(more)) {
    let n = now === null ? what.fallback : lower(now);
    const seen = less.flatMap((e) => (e.finding.seen === undefined ? [] : [e.finding.seen]));
    if (seen.length && n >= Math.min(...seen)) n = Math.max(1, Math.min(...seen) - 1);
    return change(n, `${what.noun} was too long`, less);
  }
  if (weigh(more) > weigh(less) && now !== null) return change(raise(now), `${what.noun} was too short`, more);
  return null;
}

function decideRounding(current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const now = current && "n" in current ? current.n : null;
  const against = only(evidence, "against");
  const want = only(evidence, "want");
  if (now !== null && weigh(against) > weigh(want)) return { type: "change", to: null, said: AGAINST["estimate.roundTo"], evidence: against };
  if (!want.length || weigh(want) <= weigh(against)) return null;
  const votes = new Map<number, number>();
  for (const e of want) if (e.finding.n !== undefined) votes.set(e.finding.n, (votes.get(e.finding.n) ?? 0) + e.count);
  const asked = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
  const n = asked ?? now ?? DEFAULT_ROUND_TO;
  const said = asked === null ? WANTED["estimate.roundTo"] : `estimates should be rounded to ${asked} minutes`;
  return n === now ? { type: "already", said, evidence: want } : { type: "change", to: { kind: "estimate.roundTo", n }, said, evidence: want };
}

function decideTopics(current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const have = current && "topics" in current ? current.topics : [];
  const against = only(evidence, "against");
  const want = only(evidence, "want");
  if (current && weigh(against) > weigh(want)) return { type: "change", to: null, said: AGAINST["risks.topics"], evidence: against };
  const votes = new Map<string, number>();
  for (const e of want) for (const t of e.finding.topics ?? []) votes.set(t, (votes.get(t) ?? 0) + e.count);
  const added = [...votes].filter(([t]) => !have.includes(t)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
  if (!added.length) return current && want.length ? { type: "already", said: WANTED["risks.topics"], evidence: want } : null;
  const support = want.filter((e) => e.finding.topics?.some((t) => added.includes(t)));
  return { type: "change", to: { kind: "risks.topics", topics: [...have, ...added].slice(0, 6) }, said: `the risks for ${added.join(", ")} were missing`, evidence: support };
}

/** Status changes: "never" is stricter than "only when the checklist supports it", which is stricter than nothing said. */
function decideStatus(current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const mode = current && "mode" in current ? current.mode : "default";
  const never = evidence.filter((e) => e.finding.stance === "want" && e.finding.mode === "never");
  const early = evidence.filter((e) => e.finding.stance === "want" && e.finding.mode === "whenSupported");
  const against = only(evidence, "against");
  if (weigh(against) > weigh(never) + weigh(early)) {
    return mode === "never" ? { type: "change", to: null, said: AGAINST["status.mode"], evidence: against } : null;
  }
  if (weigh(never) > weigh(early)) {
    const said = "status is for people to decide";
    return mode === "never" ? { type: "already", said, evidence: never } : { type: "change", to: { kind: "status.mode", mode: "never" }, said, evidence: never };
  }
  if (!early.length) return null;
  const said = "the status changed before the work was done";
  return mode === "default" ? { type: "change", to: { kind: "status.mode", mode: "whenSupported" }, said, evidence: early } : { type: "already", said, evidence: early };
}

function decideLanguage(current: ClauseParams | null, evidence: Evidence[]): Outcome | null {
  const now = current && "language" in current ? current.language : null;
  const against = evidence.filter((e) => e.finding.stance === "against" && e.finding.language === now);
  const want = only(evidence, "want");
  if (now && weigh(against) > weigh(want)) return { type: "change", to: null, said: `they do not want it in ${now}`, evidence: against };
  const votes = new Map<Language, number>();
  for (const e of want) if (e.finding.language) votes.set(e.finding.language, (votes.get(e.finding.language) ?? 0) + e.count);
  const top = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  if (!top) return null;
  const support = want.filter((e) => e.finding.language === top);
  const said = `they want it in ${top}`;
  return top === now ? { type: "already", said, evidence: support } : { type: "change", to: { kind: "language", language: top }, said, evidence: support };
}
