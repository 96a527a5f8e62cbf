// Deterministic randomness for the demo seed: the same seed gives the same workspace (texts,
// counts, relative timestamps) on every machine, so screenshots and demos stay reproducible.

export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight (weights need not sum to 1; zero weights are never picked). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** `n` distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** Approximately normal (sum of three uniforms), mean 0, sd ≈ `sd`. */
  gauss(sd: number): number;
};

/** mulberry32: tiny, fast, good enough for demo data. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(items, weight) {
      const weights = items.map(weight);
      let r = next() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < items.length; i++) {
        r -= weights[i];
        if (r < 0 && weights[i] > 0) return items[i];
      }
      return items[weights.findLastIndex((w) => w > 0)];
    },
    sample(items, n) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(n, copy.length));
    },
    gauss: (sd) => ((next() + next() + next() - 1.5) / 0.5) * sd,
  };
  return rng;
}

/**
 * Collision-resistant ids in the shape of Prisma's cuid() (lower-case, starts with "c", 25 chars),
 * generated here because related rows are written with createMany and must reference each other.
 * The counter in the middle keeps them unique; the last 8 characters differ from id to id, as
 * cuid()'s random tail does — pages tell an agent by the end of its id ("Agent k3x9q2").
 */
export function createIdFactory() {
  const stamp = Date.now().toString(36).padStart(9, "0").slice(-9);
  const tails = createRng(crypto.getRandomValues(new Uint32Array(1))[0]);
  let counter = 0;
  return () => {
    const tail = Array.from({ length: 8 }, () => tails.int(0, 35).toString(36)).join("");
    return `c${stamp}${(counter++).toString(36).padStart(7, "0")}${tail}`;
  };
}

export const clamp = (v: number, min = 0, max = 1) => Math.min(max, Math.max(min, v));
export const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;
