// The statistics the decision model rests on, written out so each can be checked by hand: Welch's
// test for two means, the Benjamini–Hochberg false-discovery step and a ridge-regularised logistic
// regression fitted by Newton's method (IRLS). Fisher's exact test and the normal CDF are
// src/lib/tests-of-counts.ts, Wilson intervals src/lib/interval.ts. Pure and deterministic.

import { calibrationBins, expectedCalibrationError } from "@/features/feedback/classifier/metrics";
import { normalCdf } from "@/lib/tests-of-counts";

export type MeanOf = { mean: number; variance: number; n: number };

export function meanOf(values: readonly number[]): MeanOf {
  const n = values.length;
  const mean = n ? values.reduce((s, v) => s + v, 0) / n : 0;
  const variance = n > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, variance, n };
}

/** Welch's test of two means, two-sided, with the normal approximation (used with ≥ 5 on a side). */
export function welch(x: MeanOf, y: MeanOf): number {
  if (x.n < 2 || y.n < 2) return 1;
  const se = Math.sqrt(Math.max(x.variance, 1e-6) / x.n + Math.max(y.variance, 1e-6) / y.n);
  return Math.min(1, 2 * normalCdf(-Math.abs(x.mean - y.mean) / se));
}

/** Benjamini–Hochberg adjusted p-values (q-values), in the input's order. */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const q = new Array<number>(m);
  let min = 1;
  for (let r = m - 1; r >= 0; r--) {
    const [v, i] = order[r]!;
    min = Math.min(min, (v * m) / (r + 1));
    q[i] = min;
  }
  return q;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r]![col]!) > Math.abs(M[pivot]![col]!)) pivot = r;
    [M[col], M[pivot]] = [M[pivot]!, M[col]!];
    const p = M[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = M[r]![col]! / p;
      if (f) for (let k = col; k <= n; k++) M[r]![k]! -= f * M[col]![k]!;
    }
  }
  return M.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

/**
 * Logistic regression with an intercept (not penalised) and an L2 penalty `lambda` on the
 * weights, fitted by Newton's method (IRLS) for at most `steps` steps. `X`: rows of features.
 * Identical rows are fitted once with their count (the decision model's features are yes/no, so a
 * template's thousands of decisions are a few hundred patterns). Returns [intercept, ...weights].
 */
export function fitLogistic(X: readonly number[][], y: readonly number[], lambda = 1, steps = 25): number[] {
  const groups = new Map<string, { x: number[]; n: number; k: number }>();
  X.forEach((row, i) => {
    const key = row.join(",");
    const g = groups.get(key) ?? { x: [1, ...row], n: 0, k: 0 };
    g.n++;
    g.k += y[i]!;
    groups.set(key, g);
  });
  const patterns = [...groups.values()];
  const d = (X[0]?.length ?? 0) + 1;
  let w = new Array<number>(d).fill(0);
  const rate = Math.min(0.99, Math.max(0.01, y.reduce((s, v) => s + v, 0) / Math.max(1, y.length)));
  w[0] = Math.log(rate / (1 - rate));
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(d).fill(0);
    const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const { x, n, k } of patterns) {
      const p = sigmoid(x.reduce((s, v, j) => s + v * w[j]!, 0));
      const r = n * p * (1 - p);
      for (let j = 0; j < d; j++) {
        if (x[j] === 0) continue;
        grad[j]! += (n * p - k) * x[j]!;
        for (let k2 = j; k2 < d; k2++) H[j]![k2]! += r * x[j]! * x[k2]!;
      }
    }
    for (let j = 0; j < d; j++) for (let k = 0; k < j; k++) H[j]![k] = H[k]![j]!;
    for (let j = 1; j < d; j++) {
      grad[j]! += lambda * w[j]!;
      H[j]![j]! += lambda;
    }
    H[0]![0]! += 1e-6;
    const delta = solve(H, grad);
    w = w.map((v, j) => v - delta[j]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-8) break;
  }
  return w;
}

export const predictLogistic = (w: readonly number[], x: readonly number[]) => sigmoid(w[0]! + x.reduce((s, v, j) => s + v * w[j + 1]!, 0));

/** Expected calibration error over 10 equal-width bins of the predicted probability (the classifier's measure); 0 with no predictions. */
export function calibrationError(predicted: readonly number[], actual: readonly number[]): number {
  return predicted.length ? expectedCalibrationError(calibrationBins([...predicted], actual.map((y) => y === 1))) : 0;
}
