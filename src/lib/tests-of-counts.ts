// Significance tests on counts and normal tails (pure), shared by the reviewer-conflict detection,
// probation's sequential test and the decision model.

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials[i] = logFactorials[i - 1]! + Math.log(i);
  return logFactorials[n]!;
}

/**
 * Two-sided Fisher exact test of the table [[a, b], [c, d]]: the probability, with the margins
 * fixed, of a table at most as likely as the observed one (hypergeometric). Ties within a relative
 * 1e-7 count as "as likely", the usual guard against rounding.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  if (n === 0) return 1;
  const logP = (x: number) =>
    logFactorial(row1) + logFactorial(n - row1) + logFactorial(col1) + logFactorial(n - col1) - logFactorial(n) - logFactorial(x) - logFactorial(row1 - x) - logFactorial(col1 - x) - logFactorial(n - row1 - col1 + x);
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - n); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

/**
 * The standard normal CDF (Abramowitz & Stegun 7.1.26, error < 1.5e-7). The tail is computed as
 * erfc directly, not as 1 − erf, so far-out values stay ordered instead of rounding to 0.
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}
