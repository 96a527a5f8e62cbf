import type { DataSignal } from "@/ai/prompts/improver";
import type { ClauseChange, ClauseNote } from "./feedback-plan";
import { paramsOf, sameParams } from "./params";
import type { ClauseKind, ClauseParams, DirectivePolicy } from "./policy";

// What people's decisions and ratings say of the directive clause family, measured (the decision
// model's signals, features/decision-model): where the line is, not only that there is one. A
// limit is set where confirmations stop ("checklists of at most 5 items: 27 of 30 confirmed; of 6
// or more: 2 of 31" → at most 5 items), a rounding is the unit confirmed estimates share, a
// yes/no clause is wanted when the outputs that do it are accepted (or rated) clearly more.
// Words choose and phrase; the data sets the numbers and can stand on its own as evidence. Pure.

export type DataPlan = {
  /** Clause changes the data calls for, strongest first. */
  changes: ClauseChange[];
  /** Clauses the data backs as they are: a change that loosens them goes against it. */
  backed: ClauseNote[];
  /** For each numeric clause the data measured: the number where people's verdicts change. */
  numbers: Partial<Record<ClauseKind, number>>;
};

/** A signal's side, as the clause it backs (null: no clause of the family says it). */
function clauseOf(s: DataSignal, all: readonly DataSignal[]): ClauseParams | null {
  const { property, test, threshold } = s;
  const yes = test === "is";
  if (s.measure === "acceptance") {
    if (property === "checklist.items" && test === "atMost" && threshold !== null) return { kind: "checklist.maxItems", n: Math.max(1, Math.round(threshold)) };
    if (property === "checklist.blockingFirst" && yes) return { kind: "checklist.blockingFirst" };
    if (property === "checklist.asksCriteria" && yes) return { kind: "criteria.ask" };
    if (property === "estimate.rationale" && yes) return { kind: "estimate.rationale" };
    if (property === "estimate.range" && yes) return { kind: "estimate.rangeForRisky" };
    if (property === "status.supported" && yes) return { kind: "status.mode", mode: "whenSupported" };
    const round = /^estimate\.round(\d+)$/.exec(property);
    if (round && yes) {
      // The unit confirmed estimates share: the strongest rounding signal (the first, they come strongest first).
      const first = all.find((x) => x.measure === "acceptance" && /^estimate\.round\d+$/.test(x.property) && x.test === "is");
      return first === s ? { kind: "estimate.roundTo", n: Number(round[1]) } : null;
    }
    return null;
  }
  if (property === "report.sentences" && test === "atMost" && threshold !== null) return { kind: "report.maxSentences", n: Math.max(1, Math.round(threshold)) };
  if (property === "report.bullets" && yes) return { kind: "report.bullets" };
  if (property === "report.jargon" && test === "atMost" && threshold !== null && threshold <= 1) return { kind: "report.plainWords" };
  return null;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What the data says, in a few words: "checklists of at most 5 items are confirmed 90% of the time, longer ones 6%". */
function saidOf(s: DataSignal): string {
  const line = s.line.replace(/\.$/, "");
  return s.measure === "acceptance" ? `people's verdicts say so (${line})` : `people's ratings say so (${line})`;
}

/**
 * The changes the data calls for against the current policy. A limit already at or under the
 * measured number is backed, not changed (tightening past where people's verdicts change has no
 * evidence); a status rule "only when supported" is not weakened when the directives say never.
 */
export function planFromData(signals: readonly DataSignal[], policy: DirectivePolicy, acceptanceByKind: readonly { about: string; confirmed: number; total: number }[] = []): DataPlan {
  const plan: DataPlan = { changes: [], backed: [], numbers: {} };
  const seen = new Set<ClauseKind>();
  const add = (to: ClauseParams, s: DataSignal | null, said: string, weight: number) => {
    if (seen.has(to.kind)) return;
    seen.add(to.kind);
    if ("n" in to) plan.numbers[to.kind] = to.n;
    const current = paramsOf(policy, to.kind);
    const evidence = { text: s?.line ?? said, count: weight, source: "feedback" as const, category: null, finding: { kind: to.kind, stance: "want" as const } };
    const tighterOrSame = current && "n" in current && "n" in to && current.n <= to.n && to.kind !== "estimate.roundTo";
    const stricterStatus = current?.kind === "status.mode" && to.kind === "status.mode" && current.mode === "never";
    if (sameParams(current, to) || tighterOrSame || stricterStatus) {
      if (current) plan.backed.push({ kind: to.kind, params: current, said, evidence: [evidence], weight });
      return;
    }
    plan.changes.push({ kind: to.kind, from: current, to, said, evidence: [evidence], weight, data: s?.line ?? said });
  };
  for (const s of signals) {
    const to = clauseOf(s, signals);
    if (to) add(to, s, saidOf(s), s.accepted.n + s.other.n);
  }
  // Status changes people nearly always reject: propose none (at least 10 decided, under 20% confirmed).
  const status = acceptanceByKind.find((k) => k.about === "status");
  if (status && status.total >= 10 && status.confirmed / status.total < 0.2 && !seen.has("status.mode")) {
    add({ kind: "status.mode", mode: "never" }, null, `people's verdicts say so (status changes: ${status.confirmed} of ${status.total} confirmed, ${pct(status.confirmed / status.total)})`, status.total);
  }
  return plan;
}
