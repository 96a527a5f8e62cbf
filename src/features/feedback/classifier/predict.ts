import type { FeedbackCategory, Sentiment } from "../rules";
import { calibrate, type Calibration } from "./calibration";
import { featuresOfTokens, type FeatureOptions, type FeatureVector } from "./features";
import { argmax, softmaxInPlace } from "./softmax";
import { tokenize } from "./tokenize";
import type { FeedbackClassification, TextSource } from "./types";
import type { HeadWeights, ModelWeights } from "./weights-schema";

// Inference over a set of weights — the shipped ones (model.ts) or weights just fitted on a fold
// (cross-validation), so what is measured is exactly what runs.

export type CompiledHead = { labels: string[]; features: FeatureOptions; bias: Float64Array; rows: Map<string, Float64Array> };
export type CompiledModel = { sentiment: CompiledHead; category: CompiledHead; sameFeatures: boolean; calibration: Calibration };

export function compileHead(h: HeadWeights): CompiledHead {
  return { labels: h.labels, features: h.features, bias: Float64Array.from(h.bias), rows: new Map(Object.entries(h.rows).map(([name, row]) => [name, Float64Array.from(row)])) };
}

export function compileModel(w: ModelWeights): CompiledModel {
  return {
    sentiment: compileHead(w.sentiment),
    category: compileHead(w.category),
    sameFeatures: JSON.stringify(w.sentiment.features) === JSON.stringify(w.category.features),
    calibration: w.calibration,
  };
}

/** The head's probability for each of its labels. */
export function headProbabilities(head: CompiledHead, vector: FeatureVector): Float64Array {
  const z = Float64Array.from(head.bias);
  for (const [name, x] of vector) {
    const row = head.rows.get(name);
    if (row) for (let k = 0; k < z.length; k++) z[k] += x * row[k];
  }
  softmaxInPlace(z);
  return z;
}

/** The head's most probable label and its probability. */
export function predictHead(head: CompiledHead, vector: FeatureVector): { label: string; p: number } {
  const p = headProbabilities(head, vector);
  const best = argmax(p);
  return { label: head.labels[best], p: p[best] };
}

/** Labels, and the raw (uncalibrated) probability that both are right. */
export type RawPrediction = { sentiment: Sentiment; category: FeedbackCategory; score: number };

export function predictRaw(m: CompiledModel, text: string, source?: TextSource): RawPrediction {
  const tokens = tokenize(text);
  const sentimentVector = featuresOfTokens(text, tokens, source, m.sentiment.features);
  const s = predictHead(m.sentiment, sentimentVector);
  const c = predictHead(m.category, m.sameFeatures ? sentimentVector : featuresOfTokens(text, tokens, source, m.category.features));
  return { sentiment: s.label as Sentiment, category: c.label as FeedbackCategory, score: s.p * c.p };
}

export function predict(m: CompiledModel, text: string, source?: TextSource): FeedbackClassification {
  const { sentiment, category, score } = predictRaw(m, text, source);
  return { sentiment, category, confidence: calibrate(m.calibration, score) };
}
