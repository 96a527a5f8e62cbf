import { mulberry32 } from "@/lib/random";
import { normalCdf } from "@/lib/tests-of-counts";

// The measured effect of a version on probation (pure): per arm — the new version ("candidate")
// and the previous one kept by a share of instances ("baseline") — proposal acceptance, mean
// rating, quality score, time to done and tokens per run; the difference candidate − baseline with
// a 95% interval (bootstrap for small arms — units resampled within each arm, a seeded generator:
// the same data always gives the same interval — else the normal approximation); and, for
// acceptance, rating and quality, always-valid one-sided sequential tests (mSPRT with a half-normal
// mixture) that may be read after every run without raising the false-alarm rate, so a clearly
// harmful version is caught early. Harm is called on what people did (acceptance, rating); quality
// is tested and shown, not enough alone.

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
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

// ── Sufficient statistics ───────────────────────────────────────────────────────────────────
// Everything but the bootstrap needs only counts, sums and sums of squares per arm, which SQL can
// compute at any volume (server/measure.ts) and JS computes from samples (statsOf).

export type Moments = { n: number; sum: number; sumSq: number };
export type ArmStats = {
  runs: number;
  /** Per run: confirmed (c) and decided (d = confirmed + rejected), with Σc, Σd, Σc², Σd², Σcd. */
  acceptance: { c: number; d: number; cc: number; dd: number; cd: number };
  rating: Moments;
  quality: Moments;
  tokens: Moments;
  timeToDone: Moments;
};

const moments = (xs: number[]): Moments => ({ n: xs.length, sum: sum(xs), sumSq: sum(xs.map((x) => x * x)) });

export function statsOf(arm: ArmSample): ArmStats {
  const a = { c: 0, d: 0, cc: 0, dd: 0, cd: 0 };
  for (const r of arm.runs) {
    const d = r.confirmed + r.rejected;
    a.c += r.confirmed;
    a.d += d;
    a.cc += r.confirmed * r.confirmed;
    a.dd += d * d;
    a.cd += r.confirmed * d;
  }
  return {
    runs: arm.runs.length,
    acceptance: a,
    rating: moments(arm.runs.flatMap((r) => (r.rating === null ? [] : [r.rating]))),
    quality: moments(arm.runs.flatMap((r) => (r.quality === null ? [] : [r.quality]))),
    tokens: moments(arm.runs.map((r) => r.tokens)),
    timeToDone: moments(arm.resolveMs),
  };
}

/** Units, mean and unit variance of a metric in an arm (acceptance: one Bernoulli unit per decision). */
function unitStats(metric: MetricKey, s: ArmStats): { n: number; mean: number | null; variance: number } {
  if (metric === "acceptance") {
    const p = s.acceptance.d ? s.acceptance.c / s.acceptance.d : null;
    return { n: s.acceptance.d, mean: p, variance: p === null ? 0 : p * (1 - p) };
  }
  const m = s[metric];
  if (!m.n) return { n: 0, mean: null, variance: 0 };
  const mean = m.sum / m.n;
  return { n: m.n, mean, variance: m.n > 1 ? Math.max(0, (m.sumSq - m.n * mean * mean) / (m.n - 1)) : 0 };
}

/** Variance of an arm's estimate: of the mean, or of the ratio of sums (acceptance, delta method over runs). */
function estimateVariance(metric: MetricKey, s: ArmStats): number {
  if (metric !== "acceptance") {
    const u = unitStats(metric, s);
    return u.n ? u.variance / u.n : 0;
  }
  const { c, d, cc, dd, cd } = s.acceptance;
  const n = s.runs;
  if (!d || n < 2) return 0;
  const r = c / d;
  const dMean = d / n;
  // Σ(cᵢ − r·dᵢ)² = Σc² − 2rΣcd + r²Σd² (the residuals' mean is 0 by construction of r).
  return Math.max(0, (cc - 2 * r * cd + r * r * dd) / (n - 1)) / (n * dMean * dMean);
}

type UnitStats = { n: number; mean: number; variance: number };

/**
 * The mixture sequential probability ratios for "the candidate is lower" and "… higher": a
 * half-normal mixture (N(0, τ²) restricted to one side, doubled) over the difference, variances
 * estimated from the data. Each is a martingale with mean 1 when the means are equal, so by Ville's
 * inequality a threshold of 1/α holds the false-alarm rate at α however often it is read.
 * Λ± = 2 Λ Φ(±μ/σ), where Λ is the two-sided normal-mixture ratio and N(μ, σ²) the posterior of the
 * difference under the mixture.
 */
export function msprt(candidate: UnitStats, baseline: UnitStats, tau: number): { lower: number; higher: number; diff: number } {
  const diff = candidate.mean - baseline.mean;
  // A variance floor: two arms of identical values would otherwise make any difference "certain".
  const floor = (tau * tau) / 100;
  const v = Math.max(candidate.variance, floor) / candidate.n + Math.max(baseline.variance, floor) / baseline.n;
  const t2 = tau * tau;
  const twoSided = Math.sqrt(v / (v + t2)) * Math.exp((t2 * diff * diff) / (2 * v * (v + t2)));
  const z = (diff * t2) / (v + t2) / Math.sqrt((t2 * v) / (v + t2));
  return { lower: 2 * twoSided * normalCdf(-z), higher: 2 * twoSided * normalCdf(z), diff };
}

/** The sequential tests alone (cheap) — what is read at every look. `lambda`: the ratio for "worse". */
export function sequentialTestsOf(candidate: ArmStats, baseline: ArmStats): Partial<Record<MetricKey, MetricEffect["sequential"]>> {
  const out: Partial<Record<MetricKey, MetricEffect["sequential"]>> = {};
  const threshold = GUARDED.length / ALPHA;
  for (const metric of TESTED) {
    const [cu, bu] = [unitStats(metric, candidate), unitStats(metric, baseline)];
    if (cu.n < MIN_UNITS || bu.n < MIN_UNITS || cu.mean === null || bu.mean === null) {
      out[metric] = null;
      continue;
    }
    const { lower, higher } = msprt(cu as UnitStats, bu as UnitStats, TAU[metric]!);
    const [worse, better] = HIGHER_IS_BETTER[metric] ? [lower, higher] : [higher, lower];
    out[metric] = { lambda: round(worse, 3), harm: GUARDED.includes(metric) && worse >= threshold, better: better >= threshold };
  }
  return out;
}

/** Metrics on which the candidate is found worse. */
export const harmFound = (candidate: ArmSample, baseline: ArmSample): MetricKey[] =>
  Object.entries(sequentialTestsOf(statsOf(candidate), statsOf(baseline))).flatMap(([metric, t]) => (t?.harm ? [metric as MetricKey] : []));

// ── Intervals ───────────────────────────────────────────────────────────────────────────────

/** Above this many units in the smaller arm the interval is the normal approximation (resampling would cost seconds, and agrees). */
export const BOOTSTRAP_MAX_UNITS = 2_000;

const metricValue = (metric: MetricKey, s: ArmStats) => unitStats(metric, s).mean;

function normalDiff(metric: MetricKey, c: ArmStats, b: ArmStats): Interval | null {
  const [cv, bv] = [metricValue(metric, c), metricValue(metric, b)];
  if (cv === null || bv === null) return null;
  const value = cv - bv;
  const half = 1.959964 * Math.sqrt(estimateVariance(metric, c) + estimateVariance(metric, b));
  return { value: round(value), low: round(value - half), high: round(value + half) };
}

/** The metric on a resample (acceptance is a ratio of sums over runs, so runs are the unit resampled). */
function statistic(metric: MetricKey, runs: RunSample[], resolveMs: number[]): number | null {
  switch (metric) {
    case "acceptance": {
      let c = 0;
      let d = 0;
      for (const r of runs) {
        c += r.confirmed;
        d += r.confirmed + r.rejected;
      }
      return d ? c / d : null;
    }
    case "timeToDone":
      return resolveMs.length ? sum(resolveMs) / resolveMs.length : null;
    case "tokens":
      return runs.length ? sum(runs.map((r) => r.tokens)) / runs.length : null;
    default: {
      const xs = runs.flatMap((r) => (r[metric] === null ? [] : [r[metric]!]));
      return xs.length ? sum(xs) / xs.length : null;
    }
  }
}

function bootstrapDiff(metric: MetricKey, c: ArmSample, b: ArmSample, seed: number): Interval | null {
  const cv = statistic(metric, c.runs, c.resolveMs);
  const bv = statistic(metric, b.runs, b.resolveMs);
  if (cv === null || bv === null) return null;
  const value = cv - bv;
  const next = mulberry32(seed);
  const pick = <T,>(xs: T[]) => xs.map(() => xs[Math.floor(next() * xs.length)]!);
  const byTasks = metric === "timeToDone";
  const values: number[] = [];
  for (let i = 0; i < BOOTSTRAP_SAMPLES; i++) {
    const x = statistic(metric, byTasks ? c.runs : pick(c.runs), byTasks ? pick(c.resolveMs) : c.resolveMs);
    const y = statistic(metric, byTasks ? b.runs : pick(b.runs), byTasks ? pick(b.resolveMs) : b.resolveMs);
    if (x !== null && y !== null) values.push(x - y);
  }
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))] ?? value;
  return { value: round(value), low: round(at(0.025)), high: round(at(0.975)) };
}

// ── The measurement ─────────────────────────────────────────────────────────────────────────

const METRICS = Object.keys(HIGHER_IS_BETTER) as MetricKey[];

/**
 * From the arms' statistics; `samples` (the runs themselves) give bootstrap intervals when both arms
 * are small enough, else the intervals are the normal approximation.
 */
export function measureFromStats(candidate: ArmStats, baseline: ArmStats, samples?: { candidate: ArmSample; baseline: ArmSample; seed: number }): ProbationEffects {
  const tests = sequentialTestsOf(candidate, baseline);
  const units = (metric: MetricKey, s: ArmStats) => (metric === "timeToDone" ? s.timeToDone.n : s.runs);
  const metrics = METRICS.map((metric, i): MetricEffect => {
    const [cv, bv] = [metricValue(metric, candidate), metricValue(metric, baseline)];
    const small = Math.min(units(metric, candidate), units(metric, baseline)) <= BOOTSTRAP_MAX_UNITS;
    return {
      metric,
      candidate: cv === null ? null : round(cv),
      baseline: bv === null ? null : round(bv),
      n: { candidate: unitStats(metric, candidate).n, baseline: unitStats(metric, baseline).n },
      diff: samples && small ? bootstrapDiff(metric, samples.candidate, samples.baseline, samples.seed + i) : normalDiff(metric, candidate, baseline),
      sequential: tests[metric] ?? null,
    };
  });
  return { runs: { candidate: candidate.runs, baseline: baseline.runs }, metrics, harm: metrics.filter((m) => m.sequential?.harm).map((m) => m.metric) };
}

export function measureProbation(candidate: ArmSample, baseline: ArmSample, seed: number): ProbationEffects {
  return measureFromStats(statsOf(candidate), statsOf(baseline), { candidate, baseline, seed });
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
