import { softmaxInPlace } from "../softmax";
import { minimize } from "./lbfgs";

// Multinomial logistic regression with L2 regularisation (the bias is not regularised), fitted by
// L-BFGS to its optimum: mean cross-entropy + λ/2·‖W‖².

export type SparseRow = { index: Int32Array; value: Float64Array };
/** `theta` holds the weights (feature-major: feature × class) then the bias; `weights` and `bias` are views of it. */
export type SoftmaxWeights = { classes: number; dims: number; theta: Float64Array; weights: Float64Array; bias: Float64Array };

export function logitsOf(row: SparseRow, m: SoftmaxWeights, out = new Float64Array(m.classes)): Float64Array {
  const K = m.classes;
  for (let k = 0; k < K; k++) out[k] = m.bias[k];
  for (let j = 0; j < row.index.length; j++) {
    const base = row.index[j] * K;
    const x = row.value[j];
    for (let k = 0; k < K; k++) out[k] += x * m.weights[base + k];
  }
  return out;
}

/**
 * Options of a fit: `start`, a solution for another L2 strength on the same rows (to converge in
 * fewer steps); `offsets`, logits added to each row's (a fit on top of another model's logits: the
 * workspace adaptation, adapt.ts); `bias: false` keeps the bias at zero.
 */
export type FitOptions = { start?: Float64Array; offsets?: ArrayLike<number>[]; bias?: boolean };

export function fitSoftmax(rows: SparseRow[], labels: ArrayLike<number>, classes: number, dims: number, l2: number, options: FitOptions = {}): SoftmaxWeights {
  const { start, offsets, bias = true } = options;
  const K = classes;
  const n = rows.length;
  const split = (theta: Float64Array): SoftmaxWeights => ({ classes: K, dims, theta, weights: theta.subarray(0, dims * K), bias: theta.subarray(dims * K) });
  const p = new Float64Array(K);
  const objective = (theta: Float64Array, gradient: Float64Array) => {
    const m = split(theta);
    const gW = gradient.subarray(0, dims * K);
    const gB = gradient.subarray(dims * K);
    gradient.fill(0);
    let loss = 0;
    for (let i = 0; i < n; i++) {
      logitsOf(rows[i], m, p);
      if (offsets) for (let k = 0; k < K; k++) p[k] += offsets[i][k];
      softmaxInPlace(p);
      const w = 1 / n;
      loss -= w * Math.log(Math.max(p[labels[i]], 1e-300));
      p[labels[i]] -= 1;
      const row = rows[i];
      for (let j = 0; j < row.index.length; j++) {
        const base = row.index[j] * K;
        const x = row.value[j] * w;
        for (let k = 0; k < K; k++) gW[base + k] += x * p[k];
      }
      if (bias) for (let k = 0; k < K; k++) gB[k] += w * p[k];
    }
    for (let i = 0; i < dims * K; i++) {
      loss += 0.5 * l2 * m.weights[i] * m.weights[i];
      gW[i] += l2 * m.weights[i];
    }
    return loss;
  };
  const { x } = minimize(objective, start ?? new Float64Array(dims * K + K), { maxIterations: 500, memory: 8, minDecrease: 1e-8 });
  return split(x);
}
