/** Softmax in place, shifted by the maximum so large logits do not overflow. */
export function softmaxInPlace(z: Float64Array | number[]): void {
  let max = -Infinity;
  for (let k = 0; k < z.length; k++) if (z[k] > max) max = z[k];
  let sum = 0;
  for (let k = 0; k < z.length; k++) sum += z[k] = Math.exp(z[k] - max);
  for (let k = 0; k < z.length; k++) z[k] /= sum;
}

/** Index of the largest value (the first one on ties, so the answer is deterministic). */
export function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k] > p[best]) best = k;
  return best;
}
