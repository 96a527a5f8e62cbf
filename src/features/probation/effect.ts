import { mulberry32 } from "@/lib/random";

// The measured effect of a version on probation (pure): per arm — the new version ("candidate")
// and the previous one kept by a share of instances ("baseline") — proposal acceptance, mean
// rating, quality score, time to done and tokens per run; the difference candidate − baseline with
// a bootstrap 95% interval (units resampled within each arm, a seeded generator: the same data
// always gives the same interval); and, for the three metrics people judge by, an always-valid
// sequential test (mSPRT with a normal mixture) that may be read after every run without raising
// the false-alarm rate, so a clearly harmful version is caught early. Harm is called on what people
// did (acceptance, rating); quality is tested and shown, not enough alone.

export type RunSample = {
  /** The run's proposals people confirmed and rejected (the latest decision of each). */
  confirmed: number;
  rejected: number;
  rating: number | null;
  quality: number | null;
  tokens: number;
};

export type ArmSample = {
  runs: RunSample[];
  /** Tasks of the arm's agents that reached done: milliseconds from creation to done. */
  resolveMs: number[];
};

export type MetricKey = "acceptance" | "rating" | "quality" | "timeToDone" | "tokens";

export type Interval = { value: number; low: number; high: number };

export type MetricEffect = {
  metric: MetricKey;
  candidate: number | null;
  baseline: number | null;
  /** Units per arm: decisions (acceptance), rated runs, scored runs, done tasks, runs. */
  n: { candidate: number; baseline: number };
  /** candidate − baseline; null when an arm has no data. */
  diff: Interval | null;
  /** The sequential test (acceptance, rating, quality): its statistic and whether it found the candidate worse. */
  sequential: { lambda: number; harm: boolean; better: boolean } | null;
};

export type ProbationEffects = {
  runs: { candidate: number; baseline: number };
  metrics: MetricEffect[];
  /** Metrics on which the sequential test found the candidate worse. */
  harm: MetricKey[];
};

/** Higher is better, except for time to done and tokens. */
export const HIGHER_IS_BETTER: Record<MetricKey, boolean> = { acceptance: true, rating: true, quality: true, timeToDone: false, tokens: false };

/** The metrics a harmful version is detected on: what people did with the agents' work. */
export const GUARDED: readonly MetricKey[] = ["acceptance", "rating"];
/** Measured and tested too, shown as better or worse, but never enough alone to call harm (the agents' own quality gate). */
export const TESTED: readonly MetricKey[] = [...GUARDED, "quality"];

/** Overall false-alarm rate of the harm test, split evenly over the guarded metrics. */
export const ALPHA = 0.05;
/** The mixture's spread per metric: the size of effect worth detecting on its scale. */
const TAU: Partial<Record<MetricKey, number>> = { acceptance: 0.2, rating: 0.15, quality: 0.1 };
/** No verdict on fewer units than this per arm: the normal approximation needs some data. */
export const MIN_UNITS = 16;
export const BOOTSTRAP_SAMPLES = 1_000;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : null);
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

function variance(xs: number[]): number {
  const m = mean(xs) ?? 0;
  return xs.length > 1 ? sum(xs.map((x) => (x - m) ** 2)) / (xs.length - 1) : 0;
}

/** The standard normal CDF (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The mixture sequential probability ratios for "the candidate is lower" and "… higher": a
 * half-normal mixture (N(0, τ²) restricted to one side, doubled) over the difference, variances
 * estimated from the data. Each is a martingale with mean 1 when the means are equal, so by Ville's
 * inequality a threshold of 1/α holds the false-alarm rate at α however often it is read.
 * Λ± = 2 Λ Φ(±μ/σ), where Λ is the two-sided normal-mixture ratio and N(μ, σ²) the posterior of the
 * difference under the mixture.
 */
export function msprt(candidate: number[], baseline: number[], tau: number): { lower: number; higher: number; diff: number } {
  const diff = (mean(candidate) ?? 0) - (mean(baseline) ?? 0);
  // A variance floor: two arms of identical values would otherwise make any difference "certain".
  const floor = (tau * tau) / 100;
  const v = Math.max(variance(candidate), floor) / candidate.length + Math.max(variance(baseline), floor) / baseline.length;
  const t2 = tau * tau;
  const twoSided = Math.sqrt(v / (v + t2)) * Math.exp((t2 * diff * diff) / (2 * v * (v + t2)));
  const z = (diff * t2) / (v + t2) / Math.sqrt((t2 * v) / (v + t2));
  return { lower: 2 * twoSided * normalCdf(-z), higher: 2 * twoSided * normalCdf(z), diff };
}

/** The values each metric is averaged over, per unit. Acceptance: one 0/1 per decision. */
function unitsOf(metric: MetricKey, arm: ArmSample): number[] {
  switch (metric) {
    case "acceptance":
      return arm.runs.flatMap((r) => [...Array<number>(r.confirmed).fill(1), ...Array<number>(r.rejected).fill(0)]);
    case "rating":
      return arm.runs.flatMap((r) => (r.rating === null ? [] : [r.rating]));
    case "quality":
      return arm.runs.flatMap((r) => (r.quality === null ? [] : [r.quality]));
    case "timeToDone":
      return arm.resolveMs;
    case "tokens":
      return arm.runs.map((r) => r.tokens);
  }
}

/** The metric on a resample of runs (acceptance is a ratio of sums over runs, so runs are the unit resampled). */
function statistic(metric: MetricKey, runs: RunSample[], resolveMs: number[]): number | null {
  if (metric === "acceptance") {
    const decided = sum(runs.map((r) => r.confirmed + r.rejected));
    return decided ? sum(runs.map((r) => r.confirmed)) / decided : null;
  }
  return mean(unitsOf(metric, { runs, resolveMs }));
}

/** Above this many units in the smaller arm the interval is the normal approximation (resampling would cost seconds, and agrees). */
export const BOOTSTRAP_MAX_UNITS = 2_000;

/** Variance of an arm's metric estimate: of the mean, or of the ratio of sums (acceptance, delta method over runs). */
function estimateVariance(metric: MetricKey, arm: ArmSample): number {
  if (metric !== "acceptance") {
    const units = unitsOf(metric, arm);
    return variance(units) / Math.max(1, units.length);
  }
  const decided = arm.runs.map((r) => r.confirmed + r.rejected);
  const mean = sum(decided) / Math.max(1, decided.length);
  const ratio = sum(arm.runs.map((r) => r.confirmed)) / Math.max(1, sum(decided));
  return variance(arm.runs.map((r) => r.confirmed - ratio * (r.confirmed + r.rejected))) / Math.max(1, arm.runs.length * mean * mean);
}

function bootstrapDiff(metric: MetricKey, c: ArmSample, b: ArmSample, seed: number): Interval | null {
  const value = ((cv, bv) => (cv === null || bv === null ? null : cv - bv))(statistic(metric, c.runs, c.resolveMs), statistic(metric, b.runs, b.resolveMs));
  if (value === null) return null;
  const units = (a: ArmSample) => (metric === "timeToDone" ? a.resolveMs.length : a.runs.length);
  if (Math.min(units(c), units(b)) > BOOTSTRAP_MAX_UNITS) {
    const half = 1.959964 * Math.sqrt(estimateVariance(metric, c) + estimateVariance(metric, b));
    return { value: round(value), low: round(value - half), high: round(value + half) };
  }
  const next = mulberry32(seed);
  const pick = <T,>(xs: T[]) => xs.map(() => xs[Math.floor(next() * xs.length)]!);
  const values: number[] = [];
  for (let i = 0; i < BOOTSTRAP_SAMPLES; i++) {
    const byTasks = metric === "timeToDone";
    const cv = statistic(metric, byTasks ? c.runs : pick(c.runs), byTasks ? pick(c.resolveMs) : c.resolveMs);
    const bv = statistic(metric, byTasks ? b.runs : pick(b.runs), byTasks ? pick(b.resolveMs) : b.resolveMs);
    if (cv !== null && bv !== null) values.push(cv - bv);
  }
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))] ?? value;
  return { value: round(value), low: round(at(0.025)), high: round(at(0.975)) };
}

/** The sequential tests alone (cheap: no resampling) — what is read at every look. `lambda`: the ratio for "worse". */
export function sequentialTests(candidate: ArmSample, baseline: ArmSample): Partial<Record<MetricKey, MetricEffect["sequential"]>> {
  const out: Partial<Record<MetricKey, MetricEffect["sequential"]>> = {};
  const threshold = GUARDED.length / ALPHA;
  for (const metric of TESTED) {
    const [cu, bu] = [unitsOf(metric, candidate), unitsOf(metric, baseline)];
    if (cu.length < MIN_UNITS || bu.length < MIN_UNITS) {
      out[metric] = null;
      continue;
    }
    const { lower, higher } = msprt(cu, bu, TAU[metric]!);
    const [worse, better] = HIGHER_IS_BETTER[metric] ? [lower, higher] : [higher, lower];
    out[metric] = { lambda: round(worse, 3), harm: GUARDED.includes(metric) && worse >= threshold, better: better >= threshold };
  }
  return out;
}

/** Metrics on which the candidate is found worse. */
export const harmFound = (candidate: ArmSample, baseline: ArmSample): MetricKey[] =>
  Object.entries(sequentialTests(candidate, baseline)).flatMap(([metric, t]) => (t?.harm ? [metric as MetricKey] : []));

export function measureProbation(candidate: ArmSample, baseline: ArmSample, seed: number): ProbationEffects {
  const tests = sequentialTests(candidate, baseline);
  const metrics = (Object.keys(HIGHER_IS_BETTER) as MetricKey[]).map((metric, i): MetricEffect => {
    const cv = statistic(metric, candidate.runs, candidate.resolveMs);
    const bv = statistic(metric, baseline.runs, baseline.resolveMs);
    return {
      metric,
      candidate: cv === null ? null : round(cv),
      baseline: bv === null ? null : round(bv),
      n: { candidate: unitsOf(metric, candidate).length, baseline: unitsOf(metric, baseline).length },
      diff: bootstrapDiff(metric, candidate, baseline, seed + i),
      sequential: tests[metric] ?? null,
    };
  });
  return { runs: { candidate: candidate.runs.length, baseline: baseline.runs.length }, metrics, harm: metrics.filter((m) => m.sequential?.harm).map((m) => m.metric) };
}

// ── In words ────────────────────────────────────────────────────────────────────────────────

const NAMES: Record<MetricKey, string> = { acceptance: "acceptance", rating: "mean rating", quality: "quality score", timeToDone: "time to done", tokens: "tokens per run" };
const UNITS: Record<MetricKey, [string, string]> = { acceptance: ["decision", "decisions"], rating: ["rated run", "rated runs"], quality: ["scored run", "scored runs"], timeToDone: ["done task", "done tasks"], tokens: ["run", "runs"] };

const sign = (x: number) => (x > 0 ? "+" : x < 0 ? "−" : "±");
function amount(metric: MetricKey, x: number): string {
  const a = Math.abs(x);
  switch (metric) {
    case "acceptance":
      return `${sign(x)}${Math.round(a * 100)}`;
    case "rating":
    case "quality":
      return `${sign(x)}${a.toFixed(2)}`;
    case "timeToDone":
      return `${sign(x)}${a >= 3_600_000 ? `${(a / 3_600_000).toFixed(1)} h` : `${Math.round(a / 60_000)} min`}`;
    case "tokens":
      return `${sign(x)}${Math.round(a).toLocaleString("en")}`;
  }
}

/** "acceptance +12 points (95% CI +4 to +20), 41 vs 38 decisions" — candidate's n first. */
export function describeEffect(e: MetricEffect): string {
  const name = NAMES[e.metric];
  const [one, many] = UNITS[e.metric];
  const counts = `${e.n.candidate} vs ${e.n.baseline} ${e.n.baseline === 1 ? one : many}`;
  if (!e.diff) return `${name}: not enough data yet (${counts})`;
  const unit = e.metric === "acceptance" ? " points" : "";
  return `${name} ${amount(e.metric, e.diff.value)}${unit} (95% CI ${amount(e.metric, e.diff.low)} to ${amount(e.metric, e.diff.high)}), ${counts}`;
}
