import type { HypothesisDirection, HypothesisOutcome } from "@/generated/prisma/enums";
import { measureFromStats, MIN_UNITS, type ArmStats, type Interval, type Moments } from "@/features/probation/effect";
import { METRIC_INFO, displayAmount, type Metric } from "./metrics";

// Grading a hypothesis (pure). Two sides are compared — the version the hypothesis is about
// ("candidate") against what ran before it ("baseline") — either as the probation's arms over the
// same days (a causal comparison: the only difference between the arms is the version) or, when
// the version had no probation, the same number of days before and after it took effect
// (descriptive: anything else that changed those weeks is mixed in, and the grade says so).
//
// With d the candidate − baseline difference and its 95% interval, turned so that the predicted
// direction is positive, and s the predicted size:
//   confirmed    — the interval lies above 0: the metric moved the predicted way;
//   refuted      — it does not, and the interval lies below s: the predicted effect is ruled out;
//   inconclusive — neither (too little data to tell), or too few units on a side (< MIN_UNITS).
// The improver's probability is scored against confirmed (1) / refuted (0): the Brier score.

export type Method = "probation" | "before_after";

/** A side's statistics: the probation's per-run sums, plus feedback items (1 = negative, of the category when given). */
export type SideStats = ArmStats & { feedback: Moments };

export type Grade = {
  outcome: Exclude<HypothesisOutcome, "open">;
  method: Method;
  /** The metric on each side and its units (decisions, rated runs, scored runs, done tasks, runs, feedback items), in native units. */
  candidate: number | null;
  baseline: number | null;
  n: { candidate: number; baseline: number };
  diff: Interval | null;
  /** The predicted change in native units, signed. */
  predicted: number;
  /** The days compared, ISO. */
  window: { from: string; split: string; to: string };
  /** In words: what was compared and why this outcome. */
  reason: string;
};

export type GradeInput = {
  metric: Metric;
  direction: HypothesisDirection;
  /** In display units (points, hours…), positive. */
  size: number;
  method: Method;
  candidate: SideStats;
  baseline: SideStats;
  window: Grade["window"];
};

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** A difference of means with a normal 95% interval (Welch). */
function meanDiff(c: Moments, b: Moments): { candidate: number | null; baseline: number | null; diff: Interval | null } {
  const mean = (m: Moments) => (m.n ? m.sum / m.n : null);
  const variance = (m: Moments, mu: number) => (m.n > 1 ? Math.max(0, (m.sumSq - m.n * mu * mu) / (m.n - 1)) : 0);
  const [cm, bm] = [mean(c), mean(b)];
  if (cm === null || bm === null) return { candidate: cm, baseline: bm, diff: null };
  const half = 1.959964 * Math.sqrt(variance(c, cm) / c.n + variance(b, bm) / b.n);
  const value = cm - bm;
  return { candidate: round(cm), baseline: round(bm), diff: { value: round(value), low: round(value - half), high: round(value + half) } };
}

function measured(input: GradeInput) {
  if (input.metric === "negativeFeedback") {
    return { ...meanDiff(input.candidate.feedback, input.baseline.feedback), n: { candidate: input.candidate.feedback.n, baseline: input.baseline.feedback.n } };
  }
  const effect = measureFromStats(input.candidate, input.baseline).metrics.find((m) => m.metric === input.metric)!;
  return { candidate: effect.candidate, baseline: effect.baseline, diff: effect.diff, n: effect.n };
}

const UNIT_NAMES: Record<Metric, string> = { acceptance: "decisions", rating: "rated runs", quality: "scored runs", timeToDone: "done tasks", tokens: "runs", negativeFeedback: "feedback items" };

export function gradeHypothesis(input: GradeInput): Grade {
  const info = METRIC_INFO[input.metric];
  const sign = input.direction === "increase" ? 1 : -1;
  const predicted = sign * input.size * info.toNative;
  const m = measured(input);
  const base = { method: input.method, candidate: m.candidate, baseline: m.baseline, n: m.n, diff: m.diff, predicted: round(predicted, 6), window: input.window };
  const compared = input.method === "probation" ? "the new version's arm against the previous version's, same days" : "the days after the change against as many days before (not causal)";
  const counts = `${m.n.candidate} vs ${m.n.baseline} ${UNIT_NAMES[input.metric]}`;
  if (!m.diff || m.n.candidate < MIN_UNITS || m.n.baseline < MIN_UNITS) {
    return { ...base, outcome: "inconclusive", reason: `Too little data to grade: ${counts} (at least ${MIN_UNITS} a side); ${compared}.` };
  }
  // The interval turned so that the predicted direction is positive.
  const [low, high] = sign > 0 ? [m.diff.low, m.diff.high] : [-m.diff.high, -m.diff.low];
  const effect = `${info.label} ${displayAmount(input.metric, m.diff.value)} (95% CI ${displayAmount(input.metric, m.diff.low)} to ${displayAmount(input.metric, m.diff.high)}), ${counts}; predicted ${displayAmount(input.metric, predicted)}; ${compared}`;
  if (low > 0) return { ...base, outcome: "confirmed", reason: `Moved as predicted: ${effect}.` };
  if (high < input.size * info.toNative) return { ...base, outcome: "refuted", reason: `The predicted change is ruled out: ${effect}.` };
  return { ...base, outcome: "inconclusive", reason: `Cannot tell yet: ${effect}.` };
}

/** A graded prediction's contribution to calibration. */
export type Scored = { probability: number; outcome: HypothesisOutcome };

export type Calibration = {
  /** Confirmed + refuted (inconclusive and open ones are not scored). */
  graded: number;
  confirmed: number;
  refuted: number;
  inconclusive: number;
  /** Mean (p − o)² over graded predictions: 0 is perfect, 0.25 is always saying 50%. Null with none graded. */
  brier: number | null;
  /** Confirmed of graded. */
  hitRate: number | null;
  /** The mean stated probability of graded predictions (compare with the hit rate: over- or under-confident). */
  meanProbability: number | null;
};

export function calibrationOf(rows: Scored[]): Calibration {
  const graded = rows.filter((r) => r.outcome === "confirmed" || r.outcome === "refuted");
  const confirmed = graded.filter((r) => r.outcome === "confirmed").length;
  const brier = graded.length ? graded.reduce((s, r) => s + (r.probability - (r.outcome === "confirmed" ? 1 : 0)) ** 2, 0) / graded.length : null;
  return {
    graded: graded.length,
    confirmed,
    refuted: graded.length - confirmed,
    inconclusive: rows.filter((r) => r.outcome === "inconclusive").length,
    brier: brier === null ? null : round(brier, 3),
    hitRate: graded.length ? round(confirmed / graded.length, 3) : null,
    meanProbability: graded.length ? round(graded.reduce((s, r) => s + r.probability, 0) / graded.length, 3) : null,
  };
}

/** "Brier 0.18 over 7 graded predictions (hit rate 57%, stated 70% on average)". */
export function describeCalibration(c: Calibration): string {
  if (!c.graded) return c.inconclusive ? `No prediction graded yet (${c.inconclusive} inconclusive)` : "No prediction graded yet";
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return `Brier ${c.brier!.toFixed(2)} over ${c.graded} graded prediction${c.graded === 1 ? "" : "s"} (hit rate ${pct(c.hitRate!)}, stated ${pct(c.meanProbability!)} on average${c.inconclusive ? `; ${c.inconclusive} inconclusive` : ""})`;
}
