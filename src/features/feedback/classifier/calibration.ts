// Calibration of the classifier's confidence: Platt scaling maps the model's raw estimate that
// BOTH labels are right (the product of the heads' probabilities) to the probability that they
// are, as measured on out-of-fold predictions of the training split: σ(a·logit(score) + b).

export type Calibration = { a: number; b: number };

export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

export function calibrate(c: Calibration, score: number): number {
  return 1 / (1 + Math.exp(-(c.a * logit(score) + c.b)));
}
