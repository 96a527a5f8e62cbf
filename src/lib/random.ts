// Seeded pseudo-random numbers (pure): the same seed gives the same sequence, on every machine.

/** mulberry32: small, fast and seedable; plenty for resampling and simulations. Returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from a text (a row's id): the same text always seeds the same sequence. `start` keeps two uses apart. */
export const seedOfText = (text: string, start = 7): number => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, start);
