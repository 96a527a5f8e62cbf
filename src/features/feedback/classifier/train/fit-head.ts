import { FEEDBACK_CATEGORIES, SENTIMENTS } from "../../rules";
import { featuresOf, type FeatureOptions, type FeatureVector } from "../features";
import type { LabeledExample } from "../types";
import type { HeadWeights } from "../weights-schema";
import { fitSoftmax, type SparseRow } from "./softmax-regression";

// One head of the classifier (sentiment or category), fitted on labeled examples: features →
// vocabulary (features seen in at least `minCount` texts) → an L2-regularised softmax.

export type HeadName = "sentiment" | "category";
export const HEAD_LABELS: Record<HeadName, readonly string[]> = { sentiment: SENTIMENTS, category: FEEDBACK_CATEGORIES };

export function vectorsOf(examples: LabeledExample[], features: FeatureOptions): FeatureVector[] {
  return examples.map((e) => featuresOf(e.text, e.source, features));
}

export type Encoded = { vocabulary: string[]; rows: SparseRow[] };

export function encode(vectors: FeatureVector[], minCount: number): Encoded {
  const documentFrequency = new Map<string, number>();
  for (const v of vectors) for (const name of v.keys()) documentFrequency.set(name, (documentFrequency.get(name) ?? 0) + 1);
  const vocabulary = [...documentFrequency]
    .filter(([, n]) => n >= minCount)
    .map(([name]) => name)
    .sort();
  const index = new Map(vocabulary.map((name, i) => [name, i]));
  const rows = vectors.map((v) => {
    const kept = [...v].filter(([name]) => index.has(name));
    return { index: Int32Array.from(kept, ([name]) => index.get(name)!), value: Float64Array.from(kept, ([, x]) => x) };
  });
  return { vocabulary, rows };
}

/**
 * The head fitted on encoded examples, and its raw parameters — the `start` of a fit with another
 * L2 strength on the same rows (cross-validation walks its grid that way).
 */
export function fitHead(name: HeadName, examples: LabeledExample[], encoded: Encoded, features: FeatureOptions, l2: number, start?: Float64Array): { head: HeadWeights; theta: Float64Array } {
  const labels = HEAD_LABELS[name];
  const { vocabulary, rows } = encoded;
  const m = fitSoftmax(
    rows,
    examples.map((e) => labels.indexOf(e[name])),
    labels.length,
    vocabulary.length,
    l2,
    { start },
  );
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  const weightRows: Record<string, number[]> = {};
  vocabulary.forEach((feature, f) => (weightRows[feature] = Array.from(m.weights.subarray(f * labels.length, (f + 1) * labels.length), round)));
  return { head: { labels: [...labels], features, bias: Array.from(m.bias, round), rows: weightRows }, theta: m.theta };
}
