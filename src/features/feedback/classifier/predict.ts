import type { FeedbackCategory, Sentiment } from "../rules";
import { calibrate, type Calibration } from "./calibration";
import { featuresOf, type FeatureOptions } from "./features";
import { argmax, softmaxInPlace } from "./softmax";
import type { FeedbackClassification, TextSource } from "./types";
import type { ModelWeights } from "./weights-schema";

// Inference over a set of weights — the shipped ones (model.ts) or weights just fitted on a fold
// (cross-validation), so what is measured is exactly what runs.

type CompiledHead = { name: ModelWeights["heads"][number]["name"]; labels: string[]; bias: Float64Array; offset: number };
export type CompiledModel = { features: FeatureOptions; heads: CompiledHead[]; rows: Map<string, Float64Array>; width: number; calibration: Calibration };

export function compileModel(w: ModelWeights): CompiledModel {
  let offset = 0;
  const heads = w.heads.map((h) => {
    const head = { name: h.name, labels: h.labels, bias: Float64Array.from(h.bias), offset };
    offset += h.labels.length;
    return head;
  });
  const rows = new Map(Object.entries(w.rows).map(([name, row]) => [name, Float64Array.from(row)]));
  return { features: w.features, heads, rows, width: offset, calibration: w.calibration };
}

/** Labels, and the raw (uncalibrated) probability that both are right. */
export type RawPrediction = { sentiment: Sentiment; category: FeedbackCategory; score: number };

export function predictRaw(m: CompiledModel, text: string, source?: TextSource): RawPrediction {
  const z = new Float64Array(m.width);
  for (const [name, x] of featuresOf(text, source, m.features)) {
    const row = m.rows.get(name);
    if (row) for (let k = 0; k < m.width; k++) z[k] += x * row[k];
  }
  const probabilities = m.heads.map((h) => {
    const p = z.slice(h.offset, h.offset + h.labels.length);
    for (let k = 0; k < p.length; k++) p[k] += h.bias[k];
    softmaxInPlace(p);
    return p;
  });
  const labelOf = (name: CompiledHead["name"]) => {
    const i = m.heads.findIndex((h) => h.name === name);
    const best = argmax(probabilities[i]);
    return { label: m.heads[i].labels[best], p: probabilities[i][best] };
  };
  if (m.heads[0].name === "joint") {
    const { label, p } = labelOf("joint");
    const [sentiment, category] = label.split("/") as [Sentiment, FeedbackCategory];
    return { sentiment, category, score: p };
  }
  const s = labelOf("sentiment");
  const c = labelOf("category");
  return { sentiment: s.label as Sentiment, category: c.label as FeedbackCategory, score: s.p * c.p };
}

export function predict(m: CompiledModel, text: string, source?: TextSource): FeedbackClassification {
  const { sentiment, category, score } = predictRaw(m, text, source);
  return { sentiment, category, confidence: calibrate(m.calibration, score) };
}
