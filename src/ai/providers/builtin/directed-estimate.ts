import type { DirectivePolicy } from "@/ai/directives/policy";
import { estimateTask, formatMinutes, type Estimate } from "./estimate";
import type { Phrases } from "./phrases";
import { touchedTopics } from "./risk-topics";
import type { TaskFacts } from "./task";

// The estimate under the directives. estimate.roundTo rounds the rule's raw minutes to the
// nearest N (the rule itself rounds to 15). estimate.rangeForRisky: work that touches a COMPLEX
// topic (estimate.ts) or a topic of a risks clause gets the range estimate–2×estimate, and the
// proposal is its upper bound (propose_estimate takes one number).

export type DirectedEstimate = { minutes: number; range: { low: number; high: number } | null; risky: string[]; own: Estimate };

export function directedEstimate(task: TaskFacts, policy: DirectivePolicy): DirectedEstimate {
  const own = estimateTask(task);
  const n = policy.estimate.roundTo;
  const minutes = n ? Math.max(n, Math.round(own.raw / n) * n) : own.minutes;
  const risky = [...new Set([...own.basis.topics, ...touchedTopics(task, policy)])];
  const range = policy.estimate.rangeForRisky && risky.length ? { low: minutes, high: 2 * minutes } : null;
  return { minutes: range ? range.high : minutes, range, risky, own };
}

/** "45–90 min", "2–4 h", "1 h 15 min–2 h 30 min". */
export function formatRange({ low, high }: { low: number; high: number }): string {
  if (low >= 60 && low % 60 === 0 && high % 60 === 0) return `${low / 60}–${high / 60} h`;
  return high <= 120 ? `${low}–${high} min` : `${formatMinutes(low)}–${formatMinutes(high)}`;
}

/**
 * The one-line rationale: the rule's reasoning when `explain` (FULL polish or estimate.rationale),
 * led by the range when there is one; only the range when not explaining; else none.
 */
export function estimateRationale(d: DirectedEstimate, P: Phrases, explain: boolean): string | null {
  const base = P.rationale(d.own.basis);
  if (!d.range) return explain ? base : null;
  const lead = P.range(formatRange(d.range), d.risky.join(", "));
  return explain ? `${lead}; ${base}` : `${lead}.`;
}
