import { FEEDBACK_CATEGORIES, SENTIMENTS } from "../../rules";
import type { Calibration } from "../calibration";
import { featuresOf, type FeatureOptions, type FeatureVector } from "../features";
import type { LabeledExample } from "../types";
import type { ModelWeights } from "../weights-schema";
import { fitSoftmax, type SparseRow } from "./softmax-regression";

// Fits the classifier's heads on labeled examples: features → vocabulary (features seen in at
// least `minCount` texts) → one L2-regularised softmax per head.

export type ModelConfig = {
  features: FeatureOptions;
  /** Two heads (sentiment, category) or one head over the 18 pairs. */
  heads: "separate" | "joint";
  /** L2 strength per head ("joint" uses `sentiment`). */
  l2: { sentiment: number; category: number };
  minCount: number;
};

/** Until calibration is fitted: the raw score as it is. */
export const IDENTITY_CALIBRATION: Calibration = { kind: "isotonic", x: [0, 1], y: [0, 1] };

const JOINT_LABELS = SENTIMENTS.flatMap((s) => FEEDBACK_CATEGORIES.map((c) => `${s}/${c}`));

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

function headSpecs(config: ModelConfig) {
  return config.heads === "joint"
    ? [{ name: "joint" as const, labels: JOINT_LABELS, of: (e: LabeledExample) => `${e.sentiment}/${e.category}`, l2: config.l2.sentiment }]
    : [
        { name: "sentiment" as const, labels: [...SENTIMENTS] as string[], of: (e: LabeledExample) => e.sentiment as string, l2: config.l2.sentiment },
        { name: "category" as const, labels: [...FEEDBACK_CATEGORIES] as string[], of: (e: LabeledExample) => e.category as string, l2: config.l2.category },
      ];
}

/**
 * The heads fitted on encoded examples, and their raw parameters (`start` of a fit with another
 * L2 strength on the same rows: cross-validation walks its grid that way).
 */
export function fitHeads(examples: LabeledExample[], encoded: Encoded, config: ModelConfig, start?: Float64Array[]): { weights: ModelWeights; thetas: Float64Array[] } {
  const { vocabulary, rows } = encoded;
  const fitted = headSpecs(config).map((spec, h) => {
    const labels = examples.map((e) => spec.labels.indexOf(spec.of(e)));
    return { spec, m: fitSoftmax(rows, labels, spec.labels.length, vocabulary.length, spec.l2, start?.[h]) };
  });
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  const weightRows: Record<string, number[]> = {};
  vocabulary.forEach((name, f) => {
    weightRows[name] = fitted.flatMap(({ m }) => Array.from(m.weights.subarray(f * m.classes, (f + 1) * m.classes), round));
  });
  const weights: ModelWeights = {
    features: config.features,
    heads: fitted.map(({ spec, m }) => ({ name: spec.name, labels: spec.labels, bias: Array.from(m.bias, round) })),
    rows: weightRows,
    calibration: IDENTITY_CALIBRATION,
  };
  return { weights, thetas: fitted.map(({ m }) => m.theta) };
}

/** `vectors` are `vectorsOf(examples, config.features)`, passed in so callers compute them once. */
export function fitModel(examples: LabeledExample[], vectors: FeatureVector[], config: ModelConfig): ModelWeights {
  return fitHeads(examples, encode(vectors, config.minCount), config).weights;
}
