import type { FeedbackCategory, Sentiment } from "../rules";
import { calibrate, type Calibration } from "./calibration";
import { featuresOfTokens, hasMarks, type FeatureOptions, type FeatureVector } from "./features";
import { argmax, softmaxInPlace } from "./softmax";
import { tokenize } from "./tokenize";
import type { FeedbackClassification, TextSource } from "./types";
import type { HeadWeights, ModelWeights } from "./weights-schema";

// Inference over a set of weights — the shipped ones (model.ts) or weights just fitted on a fold
// (cross-validation), so what is measured is exactly what runs.

/** Per feature, one weight per label, flat: a feature's row sits at `index.get(name) * labels.length`. */
export type CompiledRows = { index: Map<string, number>; weights: Float64Array };
/**
 * A head ready for inference. `delta`: a workspace adaptation's weights, added to the head's for
 * the features it names (adapt.ts).
 */
export type CompiledHead = CompiledRows & { labels: string[]; features: FeatureOptions; bias: Float64Array; delta?: CompiledRows };
/**
 * `sameFeatures`: both heads read the same features; `sameButMarks`: they differ only in the
 * `negation` and `reported` options, so they read the same vector for a text with neither mark.
 */
export type CompiledModel = { sentiment: CompiledHead; category: CompiledHead; sameFeatures: boolean; sameButMarks: boolean; calibration: Calibration };

export function compileRows(rows: Record<string, number[]>, labels: number): CompiledRows {
  const entries = Object.entries(rows);
  const weights = new Float64Array(entries.length * labels);
  entries.forEach(([, row], f) => weights.set(row, f * labels));
  return { index: new Map(entries.map(([name], f) => [name, f])), weights };
}

export function compileHead(h: HeadWeights): CompiledHead {
  return { labels: h.labels, features: h.features, bias: Float64Array.from(h.bias), ...compileRows(h.rows, h.labels.length) };
}

export function compileModel(w: ModelWeights): CompiledModel {
  return {
    sentiment: compileHead(w.sentiment),
    category: compileHead(w.category),
    sameFeatures: JSON.stringify(w.sentiment.features) === JSON.stringify(w.category.features),
    sameButMarks: JSON.stringify({ ...w.sentiment.features, negation: false, reported: 0 }) === JSON.stringify({ ...w.category.features, negation: false, reported: 0 }),
    calibration: w.calibration,
  };
}

/**
 * The head's probability for each of its labels. `scale` multiplies the vector (inference passes
 * an unnormalised vector and 1/‖vector‖ rather than rewriting every entry: the same logits).
 */
export function headProbabilities(head: CompiledHead, vector: FeatureVector, scale = 1): Float64Array {
  const z = headLogits(head, vector, scale);
  softmaxInPlace(z);
  return z;
}

/** The head's logits (bias included, the adaptation's delta too) for a vector multiplied by `scale`. */
export function headLogits(head: CompiledHead, vector: FeatureVector, scale = 1): Float64Array {
  const z = new Float64Array(head.bias.length);
  const K = z.length;
  const w = head.weights;
  const delta = head.delta;
  for (const [name, x] of vector) {
    const f = head.index.get(name);
    if (f !== undefined) for (let k = 0, base = f * K; k < K; k++) z[k] += x * w[base + k];
    const d = delta?.index.get(name);
    if (d !== undefined) for (let k = 0, base = d * K; k < K; k++) z[k] += x * delta!.weights[base + k];
  }
  for (let k = 0; k < K; k++) z[k] = head.bias[k] + scale * z[k];
  return z;
}

function inverseNorm(vector: FeatureVector, normalize: boolean): number {
  if (!normalize) return 1;
  let norm = 0;
  for (const x of vector.values()) norm += x * x;
  return norm > 0 ? 1 / Math.sqrt(norm) : 0;
}

/** The head's most probable label and its probability, for an unnormalised vector of the head's features. */
export function predictHead(head: CompiledHead, vector: FeatureVector): { label: string; p: number } {
  const p = headProbabilities(head, vector, inverseNorm(vector, head.features.normalize));
  const best = argmax(p);
  return { label: head.labels[best], p: p[best] };
}

/** Labels, and the raw (uncalibrated) probability that both are right. */
export type RawPrediction = { sentiment: Sentiment; category: FeedbackCategory; score: number };

export function predictRaw(m: CompiledModel, text: string, source?: TextSource): RawPrediction {
  const tokens = tokenize(text);
  // Unnormalised vectors: predictHead scales the dot products instead (headProbabilities).
  const sentimentVector = featuresOfTokens(text, tokens, source, { ...m.sentiment.features, normalize: false });
  const s = predictHead(m.sentiment, sentimentVector);
  const shared = m.sameFeatures || (m.sameButMarks && !hasMarks(tokens));
  const c = predictHead(m.category, shared ? sentimentVector : featuresOfTokens(text, tokens, source, { ...m.category.features, normalize: false }));
  return { sentiment: s.label as Sentiment, category: c.label as FeedbackCategory, score: s.p * c.p };
}

export function predict(m: CompiledModel, text: string, source?: TextSource): FeedbackClassification {
  const { sentiment, category, score } = predictRaw(m, text, source);
  return { sentiment, category, confidence: calibrate(m.calibration, score) };
}
