// Calibration of the classifier's confidence: maps the model's raw estimate that BOTH labels are
// right to the probability it is, as measured on out-of-fold predictions of the training split.

export type Calibration =
  | { kind: "platt"; a: number; b: number }
  /** Isotonic: a non-decreasing step function, linearly interpolated between the points. */
  | { kind: "isotonic"; x: number[]; y: number[] };

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** Platt works on the log-odds of the raw score: σ(a·logit(score) + b). */
export const plattInput = logit;

export function calibrate(c: Calibration, score: number): number {
  if (c.kind === "platt") return 1 / (1 + Math.exp(-(c.a * plattInput(score) + c.b)));
  const { x, y } = c;
  if (score <= x[0]) return y[0];
  if (score >= x[x.length - 1]) return y[y.length - 1];
  let lo = 0;
  let hi = x.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= score) lo = mid;
    else hi = mid;
  }
  const t = x[hi] === x[lo] ? 0 : (score - x[lo]) / (x[hi] - x[lo]);
  return y[lo] + t * (y[hi] - y[lo]);
}
