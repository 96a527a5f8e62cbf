// Confidence intervals for simple counts (pure).

/**
 * The Wilson score interval of a proportion (successes of n), 95% by default: unlike the normal
 * approximation it stays within [0, 1] and is honest for small n (3 of 3 is not "100% ± 0").
 * Null when n is 0.
 */
export function wilsonInterval(successes: number, n: number, z = 1.959964): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
