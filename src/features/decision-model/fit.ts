import { PROPERTY_INFO, PROPOSAL_KINDS, type Properties, type ProposalKind } from "./properties";
import { fisherExact } from "@/lib/tests-of-counts";
import { benjaminiHochberg, calibrationError, fitLogistic, meanOf, predictLogistic, welch } from "./stats";

// The decision model of a template: what people confirm and reject, and how they rate runs, as a
// function of what the agent produced. Two parts, both fitted from the same rows:
//
// - **Signals** (interpretable): for each proposal kind and property, the single split that best
//   separates confirmed from rejected proposals ("checklists of at most 5 items: 27 of 30
//   confirmed; more: 2 of 31"), by Fisher's exact test. The best of several thresholds is a
//   choice, so a property's p-value is multiplied by the number of thresholds tried (Bonferroni),
//   then the Benjamini–Hochberg step runs over every property of every kind; a signal needs
//   q ≤ 0.05, 5 rows on each side and 15 points between the two sides' rates. On shuffled labels
//   this reports nothing in ≥ 95% of trials (tests/unit/decision-model/fit.test.ts).
//   Ratings get the same treatment over the report's properties, with Welch's test of two means.
// - **Scores**: per kind, a ridge logistic regression over the kind's yes/no properties, an
//   indicator for every signal's split, and the reviewer (who decided), for scoring what a
//   changed output would get; for ratings, the mean rating on each side of the rating signals.
//
// Held-out quality: everything is fitted again on all but the newest 7 days and scores those
// days (accuracy and calibration error), so the figure shown is what the model predicted of
// decisions it had not seen. Pure and deterministic.

export type DecisionRow = { kind: ProposalKind; properties: Properties; confirmed: boolean; reviewerId: string | null; at: Date };
export type RatingRow = { properties: Properties; rating: number; at: Date };

export type Count = { confirmed: number; total: number };
export type SplitTest = "atMost" | "moreThan" | "is" | "isNot";

export type DecisionSignal = {
  kind: ProposalKind;
  property: string;
  /** The side people accept more: `atMost` threshold, `moreThan` threshold, `is` (yes), `isNot` (no). */
  test: SplitTest;
  threshold: number | null;
  accepted: Count;
  other: Count;
  p: number;
  q: number;
  /** The same split per reviewer with at least 5 decisions of the kind. */
  reviewers: { reviewerId: string; accepted: Count; other: Count }[];
};

export type RatingSignal = {
  property: string;
  test: SplitTest;
  threshold: number | null;
  better: { mean: number; n: number };
  other: { mean: number; n: number };
  p: number;
  q: number;
};

export type Feature = { property: string; test: SplitTest; threshold: number | null } | { reviewerId: string };

export type KindModel = {
  kind: ProposalKind;
  rows: number;
  confirmRate: number;
  features: Feature[];
  /** [intercept, ...one weight per feature]. */
  weights: number[];
  /** The ridge penalty chosen by 3-fold log loss. */
  lambda?: number;
};

export type HeldOut = { rows: number; accuracy: number; calibrationError: number; baseline: number };

export type DecisionModel = {
  decisions: number;
  ratings: number;
  byKind: Record<ProposalKind, Count>;
  signals: DecisionSignal[];
  ratingSignals: RatingSignal[];
  models: KindModel[];
  meanRating: number | null;
  /** Predictions of the newest 7 days by a model fitted on the days before; null: too few rows on either side. */
  heldOut: HeldOut | null;
  heldOutByKind: Partial<Record<ProposalKind, HeldOut>>;
  /** Each held-out decision's predicted P(confirmed) and what people did (1 confirmed), so quality can be pooled over fits. */
  heldOutPredictions?: { kind: ProposalKind; p: number; y: 0 | 1 }[];
};

export const MIN_SIDE = 5;
export const MIN_GAP = 0.15;
export const MAX_Q = 0.05;
const MAX_THRESHOLDS = 12;
const DAY = 86_400_000;

const holds = (value: number | boolean | undefined, test: SplitTest, threshold: number | null): boolean => {
  if (value === undefined) return false;
  if (test === "is") return value === true;
  if (test === "isNot") return value === false;
  const v = Number(value);
  return test === "atMost" ? v <= threshold! : v > threshold!;
};

/** Candidate thresholds of a numeric property: every value seen when few, else quantiles. */
function thresholds(values: number[]): number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  const cuts = distinct.slice(0, -1);
  if (cuts.length <= MAX_THRESHOLDS) return cuts;
  return [...new Set(Array.from({ length: MAX_THRESHOLDS }, (_, i) => cuts[Math.floor(((i + 0.5) * cuts.length) / MAX_THRESHOLDS)]!))];
}

type Candidate = Omit<DecisionSignal, "q" | "reviewers"> & { tried: number };

function count(rows: readonly DecisionRow[]): Count {
  return { confirmed: rows.filter((r) => r.confirmed).length, total: rows.length };
}

/** Confirmed and total of the rows at each distinct value of a property, in ascending order. */
function tallyByValue(rows: readonly DecisionRow[], property: string): { value: number; confirmed: number; total: number }[] {
  const by = new Map<number, { confirmed: number; total: number }>();
  for (const r of rows) {
    const v = r.properties[property];
    if (v === undefined) continue;
    const key = Number(v);
    const t = by.get(key) ?? { confirmed: 0, total: 0 };
    t.total++;
    if (r.confirmed) t.confirmed++;
    by.set(key, t);
  }
  return [...by].sort((a, b) => a[0] - b[0]).map(([value, t]) => ({ value, ...t }));
}

function bestSplit(kind: ProposalKind, property: string, rows: readonly DecisionRow[]): Candidate | null {
  const first = rows.find((r) => r.properties[property] !== undefined)?.properties[property];
  if (first === undefined) return null;
  const numeric = typeof first === "number";
  const tally = tallyByValue(rows, property);
  const all = tally.reduce((s, t) => ({ confirmed: s.confirmed + t.confirmed, total: s.total + t.total }), { confirmed: 0, total: 0 });
  if (all.total < 2 * MIN_SIDE) return null;
  // A yes/no is the split "is yes" (1) against "is no" (0); a number, "at most t" for each threshold tried.
  const cuts = numeric ? thresholds(tally.map((t) => t.value)) : [0];
  let best: Candidate | null = null;
  for (const cut of cuts) {
    const below = tally.filter((t) => t.value <= cut).reduce((s, t) => ({ confirmed: s.confirmed + t.confirmed, total: s.total + t.total }), { confirmed: 0, total: 0 });
    const above = { confirmed: all.confirmed - below.confirmed, total: all.total - below.total };
    // For a yes/no, "inside" is the yes side.
    const [inside, outside] = numeric ? [below, above] : [above, below];
    const test: SplitTest = numeric ? "atMost" : "is";
    const threshold = numeric ? cut : null;
    if (inside.total < MIN_SIDE || outside.total < MIN_SIDE) continue;
    let a = inside;
    let b = outside;
    let side: SplitTest = test;
    if (a.confirmed / a.total < b.confirmed / b.total) [a, b, side] = [outside, inside, test === "atMost" ? "moreThan" : "isNot"];
    if (a.confirmed / a.total - b.confirmed / b.total < MIN_GAP) continue;
    const p = fisherExact(a.confirmed, a.total - a.confirmed, b.confirmed, b.total - b.confirmed);
    if (!best || p < best.p) best = { kind, property, test: side, threshold, accepted: a, other: b, p, tried: cuts.length };
  }
  return best && { ...best, p: Math.min(1, best.p * best.tried) };
}

function reviewerSplits(signal: Omit<DecisionSignal, "reviewers">, rows: readonly DecisionRow[]) {
  const by = new Map<string, DecisionRow[]>();
  for (const r of rows) {
    if (!r.reviewerId) continue;
    const list = by.get(r.reviewerId);
    if (list) list.push(r);
    else by.set(r.reviewerId, [r]);
  }
  return [...by]
    .filter(([, list]) => list.length >= MIN_SIDE)
    .map(([reviewerId, list]) => ({
      reviewerId,
      accepted: count(list.filter((r) => holds(r.properties[signal.property], signal.test, signal.threshold))),
      other: count(list.filter((r) => r.properties[signal.property] !== undefined && !holds(r.properties[signal.property], signal.test, signal.threshold))),
    }))
    .sort((a, b) => a.reviewerId.localeCompare(b.reviewerId));
}

/** The signals of decision rows: the best split of every property of every kind, kept when they survive the false-discovery step. */
export function decisionSignals(rows: readonly DecisionRow[]): DecisionSignal[] {
  const candidates: Candidate[] = [];
  for (const kind of PROPOSAL_KINDS) {
    const ofKind = rows.filter((r) => r.kind === kind);
    if (ofKind.length < 2 * MIN_SIDE) continue;
    const properties = [...new Set(ofKind.flatMap((r) => Object.keys(r.properties)))].filter((p) => p in PROPERTY_INFO).sort();
    for (const property of properties) {
      const split = bestSplit(kind, property, ofKind);
      if (split) candidates.push(split);
    }
  }
  const q = benjaminiHochberg(candidates.map((c) => c.p));
  return candidates
    .map((c, i) => ({ c, q: q[i]! }))
    .filter(({ q }) => q <= MAX_Q)
    .map(({ c, q }) => {
      const withQ = { kind: c.kind, property: c.property, test: c.test, threshold: c.threshold, accepted: c.accepted, other: c.other, p: c.p, q };
      return { ...withQ, reviewers: reviewerSplits(withQ, rows.filter((r) => r.kind === c.kind)) };
    })
    .sort((a, b) => a.q - b.q || a.p - b.p || a.property.localeCompare(b.property));
}

/** Rating signals: splits of the report's properties by mean rating, the same false-discovery step. */
export function ratingSignals(rows: readonly RatingRow[]): RatingSignal[] {
  const candidates: Omit<RatingSignal, "q">[] = [];
  if (rows.length < 2 * MIN_SIDE) return [];
  const properties = [...new Set(rows.flatMap((r) => Object.keys(r.properties)))].filter((p) => p in PROPERTY_INFO).sort();
  for (const property of properties) {
    const values = rows.map((r) => r.properties[property]).filter((v) => v !== undefined);
    if (values.length < 2 * MIN_SIDE) continue;
    const tries: { test: SplitTest; threshold: number | null }[] = typeof values[0] === "number" ? thresholds(values as number[]).map((t) => ({ test: "atMost" as const, threshold: t })) : [{ test: "is", threshold: null }];
    let best: Omit<RatingSignal, "q"> | null = null;
    for (const { test, threshold } of tries) {
      const inside = meanOf(rows.filter((r) => holds(r.properties[property], test, threshold)).map((r) => r.rating));
      const outside = meanOf(rows.filter((r) => r.properties[property] !== undefined && !holds(r.properties[property], test, threshold)).map((r) => r.rating));
      if (inside.n < MIN_SIDE || outside.n < MIN_SIDE || Math.abs(inside.mean - outside.mean) < 0.1) continue;
      const p = welch(inside, outside);
      const flip = inside.mean < outside.mean;
      const candidate = {
        property,
        test: flip ? (test === "atMost" ? ("moreThan" as const) : ("isNot" as const)) : test,
        threshold,
        better: flip ? { mean: outside.mean, n: outside.n } : { mean: inside.mean, n: inside.n },
        other: flip ? { mean: inside.mean, n: inside.n } : { mean: outside.mean, n: outside.n },
        p: Math.min(1, p * tries.length),
      };
      if (!best || candidate.p < best.p) best = candidate;
    }
    if (best) candidates.push(best);
  }
  const q = benjaminiHochberg(candidates.map((c) => c.p));
  return candidates
    .map((c, i) => ({ ...c, q: q[i]! }))
    .filter((c) => c.q <= MAX_Q)
    .sort((a, b) => a.q - b.q || a.property.localeCompare(b.property));
}

// ── Scores ──────────────────────────────────────────────────────────────────────────────────

function featureValue(f: Feature, row: Pick<DecisionRow, "properties" | "reviewerId">): number {
  if ("reviewerId" in f) return row.reviewerId === f.reviewerId ? 1 : 0;
  return holds(row.properties[f.property], f.test, f.threshold) ? 1 : 0;
}

function kindModel(kind: ProposalKind, rows: readonly DecisionRow[], signals: readonly DecisionSignal[]): KindModel | null {
  const ofKind = rows.filter((r) => r.kind === kind);
  if (!ofKind.length) return null;
  const features: Feature[] = [];
  const seen = new Set<string>();
  const add = (f: Feature) => {
    const key = JSON.stringify(f);
    if (seen.has(key)) return;
    seen.add(key);
    features.push(f);
  };
  for (const s of signals) if (s.kind === kind) add({ property: s.property, test: s.test, threshold: s.threshold });
  const booleans = [...new Set(ofKind.flatMap((r) => Object.entries(r.properties).filter(([, v]) => typeof v === "boolean").map(([k]) => k)))].sort();
  for (const property of booleans) add({ property, test: "is", threshold: null });
  const reviewers = new Map<string, number>();
  for (const r of ofKind) if (r.reviewerId) reviewers.set(r.reviewerId, (reviewers.get(r.reviewerId) ?? 0) + 1);
  for (const [reviewerId, n] of [...reviewers].sort((a, b) => a[0].localeCompare(b[0]))) if (n >= MIN_SIDE) add({ reviewerId });
  const X = ofKind.map((r) => features.map((f) => featureValue(f, r)));
  const y: number[] = ofKind.map((r) => (r.confirmed ? 1 : 0));
  const lambda = chooseLambda(X, y);
  return { kind, rows: ofKind.length, confirmRate: y.reduce((s, v) => s + v, 0) / y.length, features, weights: fitLogistic(X, y, lambda), lambda };
}

/** Penalties tried: a few dozen decisions need a strong one (else the scores are overconfident), thousands a weak one. */
export const LAMBDAS = [0.3, 1, 3, 10, 30] as const;

/**
 * The penalty with the lowest log loss over 3 folds (every third row, deterministic): the scores
 * stay calibrated whatever the template's size. With fewer than 30 rows, the strongest; with more
 * than 2,000, 1 (the data outweighs any of them, and the folds would cost more than the fit).
 */
function chooseLambda(X: readonly number[][], y: readonly number[]): number {
  if (y.length < 30) return LAMBDAS.at(-1)!;
  if (y.length > 2_000) return 1;
  let best: { lambda: number; loss: number } | null = null;
  for (const lambda of LAMBDAS) {
    let loss = 0;
    for (let fold = 0; fold < 3; fold++) {
      const train = X.map((_, i) => i).filter((i) => i % 3 !== fold);
      const test = X.map((_, i) => i).filter((i) => i % 3 === fold);
      const w = fitLogistic(train.map((i) => X[i]!), train.map((i) => y[i]!), lambda);
      for (const i of test) {
        const p = Math.min(1 - 1e-6, Math.max(1e-6, predictLogistic(w, X[i]!)));
        loss -= y[i]! ? Math.log(p) : Math.log(1 - p);
      }
    }
    if (!best || loss < best.loss - 1e-9) best = { lambda, loss };
  }
  return best!.lambda;
}

/** P(confirmed) of a proposal with these properties, decided by this reviewer (null: anyone). */
export function scoreProposal(model: Pick<DecisionModel, "models">, kind: ProposalKind, properties: Properties, reviewerId: string | null = null): number | null {
  const m = model.models.find((x) => x.kind === kind);
  if (!m) return null;
  return predictLogistic(m.weights, m.features.map((f) => featureValue(f, { properties, reviewerId })));
}

/** The rating a report with these properties is expected to get: the mean rating, moved by each rating signal it is on the better or worse side of. */
export function scoreReport(model: Pick<DecisionModel, "ratingSignals" | "meanRating">, properties: Properties): number | null {
  if (model.meanRating === null) return null;
  let score = model.meanRating;
  for (const s of model.ratingSignals) {
    const v = properties[s.property];
    if (v === undefined) continue;
    const overall = (s.better.mean * s.better.n + s.other.mean * s.other.n) / (s.better.n + s.other.n);
    score += (holds(v, s.test, s.threshold) ? s.better.mean : s.other.mean) - overall;
  }
  return Math.max(0, Math.min(1, score));
}

// ── The whole fit ───────────────────────────────────────────────────────────────────────────

function fitParts(decisions: readonly DecisionRow[], ratings: readonly RatingRow[]) {
  const signals = decisionSignals(decisions);
  const models = PROPOSAL_KINDS.map((k) => kindModel(k, decisions, signals)).filter((m): m is KindModel => m !== null);
  const rating = ratingSignals(ratings);
  const meanRating = ratings.length ? ratings.reduce((s, r) => s + r.rating, 0) / ratings.length : null;
  return { signals, models, ratingSignals: rating, meanRating };
}

function heldOutOf(model: Pick<DecisionModel, "models">, rows: readonly DecisionRow[], train: readonly DecisionRow[]): HeldOut | null {
  if (rows.length < 10 || train.length < 20) return null;
  const predicted = rows.map((r) => scoreProposal(model, r.kind, r.properties, r.reviewerId) ?? 0.5);
  const actual = rows.map((r) => (r.confirmed ? 1 : 0));
  const accuracy = predicted.filter((p, i) => (p >= 0.5 ? 1 : 0) === actual[i]).length / rows.length;
  // The baseline: always the majority verdict of the training rows of the same kind.
  const usual = new Map(
    PROPOSAL_KINDS.map((kind) => {
      const of = count(train.filter((r) => r.kind === kind));
      return [kind, of.total && of.confirmed * 2 >= of.total ? 1 : 0] as const;
    }),
  );
  const majority = (kind: ProposalKind) => usual.get(kind)!;
  const baseline = rows.filter((r) => majority(r.kind) === (r.confirmed ? 1 : 0)).length / rows.length;
  return { rows: rows.length, accuracy, calibrationError: calibrationError(predicted, actual), baseline };
}

export function fitDecisionModel(decisions: readonly DecisionRow[], ratings: readonly RatingRow[]): DecisionModel {
  const parts = fitParts(decisions, ratings);
  const byKind = Object.fromEntries(PROPOSAL_KINDS.map((k) => [k, count(decisions.filter((d) => d.kind === k))])) as Record<ProposalKind, Count>;
  const newest = Math.max(0, ...decisions.map((d) => d.at.getTime()));
  const cut = newest - 7 * DAY;
  const train = decisions.filter((d) => d.at.getTime() <= cut);
  const test = decisions.filter((d) => d.at.getTime() > cut);
  const older = fitParts(train, ratings.filter((r) => r.at.getTime() <= cut));
  const heldOutByKind: Partial<Record<ProposalKind, HeldOut>> = {};
  for (const kind of PROPOSAL_KINDS) {
    const h = heldOutOf(older, test.filter((d) => d.kind === kind), train.filter((d) => d.kind === kind));
    if (h) heldOutByKind[kind] = h;
  }
  const heldOut = heldOutOf(older, test, train);
  const heldOutPredictions = heldOut ? test.map((d) => ({ kind: d.kind, p: Math.round((scoreProposal(older, d.kind, d.properties, d.reviewerId) ?? 0.5) * 1000) / 1000, y: (d.confirmed ? 1 : 0) as 0 | 1 })) : [];
  return { decisions: decisions.length, ratings: ratings.length, byKind, ...parts, heldOut, heldOutByKind, heldOutPredictions };
}
