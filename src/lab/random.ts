// Seeded randomness for the lab. Every random choice draws from its own stream, named by what it
// is for (`rng("verdict", week, task, tool)`), so one more draw somewhere never shifts another
// choice: the same seed and personas make the same team, whatever else changes. Pure.

import { mulberry32 } from "@/lib/random";

/** FNV-1a over the text: a stream's seed from its name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Uniform in [-spread, spread]. */
  jitter(spread: number): number;
  shuffle<T>(items: readonly T[]): T[];
};

function random(seed: number): Random {
  const next = mulberry32(seed);
  return {
    next,
    chance: (p) => p > 0 && next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    jitter: (spread) => (next() * 2 - 1) * spread,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** The lab's streams: `streams(seed)("verdict", 3, 7)` is the same sequence for the same seed and name. */
export function streams(seed: number) {
  return (...name: (string | number)[]) => random(hash(`${seed}\u0000${name.join("\u0000")}`));
}

export type Streams = ReturnType<typeof streams>;
