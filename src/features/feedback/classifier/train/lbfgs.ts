// Limited-memory BFGS for a smooth convex objective (the L2-regularised softmax loss). Full-batch
// and free of randomness: the same data gives the same weights, whatever the seed.

export type Objective = (x: Float64Array, gradient: Float64Array) => number;
export type LbfgsOptions = {
  maxIterations: number;
  memory: number;
  /** Stop when an iteration lowers the objective by less than this share of it. */
  minDecrease: number;
};

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export function minimize(objective: Objective, x0: Float64Array, o: LbfgsOptions): { x: Float64Array; value: number; iterations: number } {
  const n = x0.length;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  let f = objective(x, g);
  let xNext = new Float64Array(n);
  let gNext = new Float64Array(n);
  // Ring buffers of the last `memory` steps s = Δx and gradient changes y = Δg.
  const ss = Array.from({ length: o.memory }, () => new Float64Array(n));
  const ys = Array.from({ length: o.memory }, () => new Float64Array(n));
  const rhos = new Float64Array(o.memory);
  const alphas = new Float64Array(o.memory);
  let stored = 0;
  let newest = -1;
  const direction = new Float64Array(n);
  let iterations = 0;
  for (; iterations < o.maxIterations; iterations++) {
    // Two-loop recursion: direction = −H·g.
    for (let i = 0; i < n; i++) direction[i] = -g[i];
    for (let back = 0; back < stored; back++) {
      const m = (newest - back + o.memory) % o.memory;
      alphas[m] = rhos[m] * dot(ss[m], direction);
      const y = ys[m];
      for (let i = 0; i < n; i++) direction[i] -= alphas[m] * y[i];
    }
    const gamma = stored > 0 ? dot(ss[newest], ys[newest]) / dot(ys[newest], ys[newest]) : 1 / Math.max(1, Math.sqrt(dot(g, g)));
    for (let i = 0; i < n; i++) direction[i] *= gamma;
    for (let forward = stored - 1; forward >= 0; forward--) {
      const m = (newest - forward + o.memory) % o.memory;
      const beta = rhos[m] * dot(ys[m], direction);
      const s = ss[m];
      for (let i = 0; i < n; i++) direction[i] += s[i] * (alphas[m] - beta);
    }
    let slope = dot(g, direction);
    if (slope >= 0) {
      // Not a descent direction (numerical trouble): restart from steepest descent.
      stored = 0;
      for (let i = 0; i < n; i++) direction[i] = -g[i];
      slope = -dot(g, g);
    }
    // Backtracking line search (Armijo).
    let step = 1;
    let fNext = Infinity;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < n; i++) xNext[i] = x[i] + step * direction[i];
      fNext = objective(xNext, gNext);
      if (fNext <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNext < f)) break;
    const slot = (newest + 1) % o.memory;
    const s = ss[slot];
    const y = ys[slot];
    for (let i = 0; i < n; i++) {
      s[i] = xNext[i] - x[i];
      y[i] = gNext[i] - g[i];
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      rhos[slot] = 1 / sy;
      newest = slot;
      stored = Math.min(o.memory, stored + 1);
    }
    const converged = (f - fNext) / Math.max(1, Math.abs(f)) < o.minDecrease;
    [x, xNext] = [xNext, x];
    [g, gNext] = [gNext, g];
    f = fNext;
    if (converged) break;
  }
  return { x, value: f, iterations };
}
