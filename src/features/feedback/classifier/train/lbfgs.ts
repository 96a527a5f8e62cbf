// Limited-memory BFGS for a smooth convex objective (the L2-regularised softmax loss). Full-batch
// and free of randomness: the same data gives the same weights, whatever the seed.

export type Objective = (x: Float64Array, gradient: Float64Array) => number;
export type LbfgsOptions = { maxIterations: number; memory: number; tolerance: number };

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
  const ss: Float64Array[] = [];
  const ys: Float64Array[] = [];
  const rhos: number[] = [];
  const direction = new Float64Array(n);
  const alphas = new Float64Array(o.memory);
  let iterations = 0;
  for (; iterations < o.maxIterations; iterations++) {
    if (Math.sqrt(dot(g, g)) < o.tolerance * Math.max(1, Math.sqrt(dot(x, x)))) break;
    // Two-loop recursion: direction = −H·g.
    for (let i = 0; i < n; i++) direction[i] = -g[i];
    for (let m = ss.length - 1; m >= 0; m--) {
      alphas[m] = rhos[m] * dot(ss[m], direction);
      for (let i = 0; i < n; i++) direction[i] -= alphas[m] * ys[m][i];
    }
    const last = ys.length - 1;
    const gamma = last >= 0 ? dot(ss[last], ys[last]) / dot(ys[last], ys[last]) : 1 / Math.max(1, Math.sqrt(dot(g, g)));
    for (let i = 0; i < n; i++) direction[i] *= gamma;
    for (let m = 0; m < ss.length; m++) {
      const beta = rhos[m] * dot(ys[m], direction);
      for (let i = 0; i < n; i++) direction[i] += ss[m][i] * (alphas[m] - beta);
    }
    let slope = dot(g, direction);
    if (slope >= 0) {
      // Not a descent direction (numerical trouble): restart from steepest descent.
      ss.length = ys.length = rhos.length = 0;
      for (let i = 0; i < n; i++) direction[i] = -g[i];
      slope = -dot(g, g);
    }
    // Backtracking line search (Armijo).
    let step = 1;
    const xNext = new Float64Array(n);
    const gNext = new Float64Array(n);
    let fNext = Infinity;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < n; i++) xNext[i] = x[i] + step * direction[i];
      fNext = objective(xNext, gNext);
      if (fNext <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNext < f)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) [s[i], y[i]] = [xNext[i] - x[i], gNext[i] - g[i]];
    const sy = dot(s, y);
    if (sy > 1e-12) {
      if (ss.length === o.memory) [ss.shift(), ys.shift(), rhos.shift()];
      ss.push(s);
      ys.push(y);
      rhos.push(1 / sy);
    }
    const converged = (f - fNext) / Math.max(1, Math.abs(f)) < 1e-10;
    [x, g, f] = [xNext, gNext, fNext];
    if (converged) break;
  }
  return { x, value: f, iterations };
}
