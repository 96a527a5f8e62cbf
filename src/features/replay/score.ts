import { mulberry32 } from "@/lib/random";
import type { RunComparison } from "./compare";

// The replay check's scores over the sampled runs, each with a bootstrap 95% interval (the runs
// resampled with replacement, a seeded generator: the same check always shows the same interval).

export type Interval = { value: number; low: number; high: number };

export type ReplaySummary = {
  runs: number;
  /** Why no run could be replayed (an external agent's template without a replay endpoint, runs without inputs). */
  noReplay?: string;
  /** Why the check stopped before every sampled run (its token budget). */
  stopped?: string;
  rejections: number;
  /** Rejected proposals the candidate no longer makes, or makes differently in the direction of the reason (count; interval over runs). */
  avoided: Interval;
  /** Rejected proposals the candidate makes differently, and of those, the ones the evaluator judged to address the reason (absent on checks stored before judging). */
  changed?: number;
  addressed?: number;
  acceptances: number;
  /** Share of accepted proposals the candidate still makes, of those it keeps or drops (altered ones are undecided; 1 when none). */
  keptRate: Interval;
  /** Accepted proposals the candidate no longer makes at all. */
  lost: number;
  /** Accepted proposals the candidate makes differently: nobody decided on those yet. */
  altered: number;
  newProposals: number;
  gate: { head: number | null; candidate: number | null; delta: Interval | null };
  /** Candidate tokens over head tokens − 1 (e.g. 0.06 = +6%). */
  tokens: { head: number; candidate: number; change: Interval | null };
  /**
   * What the template's decision model expects of each side (features/decision-model): the share of
   * proposals people would confirm and the mean rating; null parts where the model has nothing to
   * go on. Absent on checks stored before it, or for a template with no fitted model.
   */
  predicted?: { acceptance: { head: number; candidate: number; n: number } | null; rating: { head: number; candidate: number; n: number } | null } | null;
  /** The candidate makes exactly the head's proposals on every run: only the reports (or nothing people decide) differ. */
  proposalsUnchanged?: boolean;
};

export const BOOTSTRAP_SAMPLES = 1_000;


const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

function interval(runs: RunComparison[], stat: (sample: RunComparison[]) => number | null, seed: number): Interval | null {
  const value = stat(runs);
  if (value === null) return null;
  const next = mulberry32(seed);
  const values: number[] = [];
  for (let b = 0; b < BOOTSTRAP_SAMPLES; b++) {
    const sample = runs.map(() => runs[Math.floor(next() * runs.length)]!);
    const v = stat(sample);
    if (v !== null) values.push(v);
  }
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))] ?? value;
  return { value: round(value), low: round(at(0.025)), high: round(at(0.975)) };
}

export function summarize(runs: RunComparison[], seed: number): ReplaySummary {
  const scored = (s: RunComparison[]) => s.filter((r) => r.head.score !== null && r.candidate.score !== null);
  const keptRate = (s: RunComparison[]) => {
    const decidable = sum(s.map((r) => r.confirmed - (r.altered ?? 0)));
    return decidable === 0 ? 1 : sum(s.map((r) => r.kept)) / decidable;
  };
  const gateDelta = (s: RunComparison[]) => (scored(s).length ? mean(scored(s).map((r) => r.candidate.score! - r.head.score!)) : null);
  const tokenChange = (s: RunComparison[]) => {
    const head = sum(s.map((r) => r.head.tokens));
    return head > 0 ? sum(s.map((r) => r.candidate.tokens)) / head - 1 : null;
  };
  const acceptances = sum(runs.map((r) => r.confirmed));
  const withScores = scored(runs);
  return {
    runs: runs.length,
    rejections: sum(runs.map((r) => r.rejected)),
    avoided: interval(runs, (s) => sum(s.map((r) => r.avoided)), seed) ?? { value: 0, low: 0, high: 0 },
    changed: sum(runs.map((r) => r.changed)),
    addressed: sum(runs.map((r) => r.addressed)),
    acceptances,
    keptRate: interval(runs, keptRate, seed + 1) ?? { value: 1, low: 1, high: 1 },
    lost: acceptances - sum(runs.map((r) => r.kept + (r.altered ?? 0))),
    altered: sum(runs.map((r) => r.altered ?? 0)),
    newProposals: sum(runs.map((r) => r.newProposals)),
    gate: {
      head: withScores.length ? round(mean(withScores.map((r) => r.head.score!))) : null,
      candidate: withScores.length ? round(mean(withScores.map((r) => r.candidate.score!))) : null,
      delta: runs.length ? interval(runs, gateDelta, seed + 2) : null,
    },
    tokens: { head: sum(runs.map((r) => r.head.tokens)), candidate: sum(runs.map((r) => r.candidate.tokens)), change: runs.length ? interval(runs, tokenChange, seed + 3) : null },
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");
const pct = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 100))}%`;

/** One line, e.g. "+4 rejections avoided, −1 acceptance lost, gate 0.78 → 0.84 (±0.05), tokens +6%". */
export function describeSummary(s: ReplaySummary): string {
  if (s.runs === 0) return s.noReplay ?? "No recorded runs to replay from last week.";
  const parts = [
    `${signed(Math.round(s.avoided.value))} ${s.avoided.value === 1 ? "rejection" : "rejections"} avoided (of ${s.rejections}${s.changed ? `; ${s.addressed ?? 0} of ${s.changed} made differently ${s.changed === 1 ? "addresses its reason" : "address their reasons"}` : ""})`,
    `${s.lost === 0 ? "no" : `−${s.lost}`} ${s.lost === 1 ? "acceptance" : "acceptances"} lost (of ${s.acceptances})`,
  ];
  if (s.altered) parts.push(`${s.altered} accepted ${s.altered === 1 ? "change" : "changes"} altered`);
  if (s.gate.head !== null && s.gate.candidate !== null && s.gate.delta) {
    const half = Math.max(s.gate.delta.high - s.gate.delta.value, s.gate.delta.value - s.gate.delta.low);
    parts.push(`gate ${s.gate.head.toFixed(2)} → ${s.gate.candidate.toFixed(2)} (±${half.toFixed(2)})`);
  }
  if (s.tokens.change) parts.push(`tokens ${pct(s.tokens.change.value)}`);
  const p = s.predicted;
  if (p?.acceptance && Math.abs(p.acceptance.candidate - p.acceptance.head) >= 0.005) parts.push(`expected acceptance ${Math.round(p.acceptance.head * 100)}% → ${Math.round(p.acceptance.candidate * 100)}%`);
  if (p?.rating && Math.abs(p.rating.candidate - p.rating.head) >= 0.005) parts.push(`expected rating ${p.rating.head.toFixed(2)} → ${p.rating.candidate.toFixed(2)}`);
  return `${parts.join(", ")} · ${s.runs} ${s.runs === 1 ? "run" : "runs"} replayed${s.stopped ? `. ${s.stopped}` : ""}`;
}
