// Stratified folds for cross-validation. An item's place is a seeded hash of its text, not a
// random draw: the same seed gives the same folds on every machine, and adding lines to the corpus
// does not reshuffle the others.

function hash(seed: number, text: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
}

/** Fold number (0..k−1) of each item: each stratum in hash order, dealt round-robin. */
export function stratifiedFolds(items: { key: string; stratum: string }[], k: number, seed: number): number[] {
  const order = items.map((item, i) => ({ i, stratum: item.stratum, h: hash(seed, item.key) })).sort((a, b) => (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : a.h - b.h || a.i - b.i));
  const fold = new Array<number>(items.length);
  order.forEach(({ i }, rank) => (fold[i] = rank % k));
  return fold;
}
