import { logit, type Calibration } from "../calibration";

/**
 * Platt scaling fitted on (raw score, both labels right?) pairs from out-of-fold predictions: a
 * one-feature logistic regression on logit(score), by Newton's method (a tiny ridge keeps it
 * stable when the classes separate).
 */
export function fitCalibration(scores: number[], right: boolean[]): Calibration {
  const x = scores.map(logit);
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
  return { a, b };
}
