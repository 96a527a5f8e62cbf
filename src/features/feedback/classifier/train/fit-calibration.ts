import { plattInput, type Calibration } from "../calibration";

// Calibration fits on (raw score, both labels right?) pairs from out-of-fold predictions.

/** Platt scaling: a 1-D logistic regression on logit(score), by Newton's method (a tiny ridge keeps it stable). */
export function fitPlatt(scores: number[], right: boolean[]): Calibration {
  const x = scores.map(plattInput);
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 100; iteration++) {
    let [ga, gb, haa, hab, hbb] = [1e-6 * a, 0, 1e-6, 0, 1e-6];
    x.forEach((xi, i) => {
      const p = 1 / (1 + Math.exp(-(a * xi + b)));
      const d = p - (right[i] ? 1 : 0);
      const w = p * (1 - p);
      [ga, gb, haa, hab, hbb] = [ga + d * xi, gb + d, haa + w * xi * xi, hab + w * xi, hbb + w];
    });
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    [a, b] = [a - da, b - db];
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { kind: "platt", a, b };
}

/** Isotonic regression (pool adjacent violators) of right ~ score, as interpolation points at the blocks' mean scores. */
export function fitIsotonic(scores: number[], right: boolean[]): Calibration {
  const order = scores.map((s, i) => ({ s, y: right[i] ? 1 : 0 })).sort((p, q) => p.s - q.s);
  const blocks: { sumS: number; sumY: number; n: number }[] = [];
  for (const { s, y } of order) {
    blocks.push({ sumS: s, sumY: y, n: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2].sumY / blocks[blocks.length - 2].n >= blocks[blocks.length - 1].sumY / blocks[blocks.length - 1].n) {
      const last = blocks.pop()!;
      const prev = blocks[blocks.length - 1];
      [prev.sumS, prev.sumY, prev.n] = [prev.sumS + last.sumS, prev.sumY + last.sumY, prev.n + last.n];
    }
  }
  return { kind: "isotonic", x: blocks.map((b) => b.sumS / b.n), y: blocks.map((b) => b.sumY / b.n) };
}
