import { classifyWithAdaptation, trainAdaptation } from "./adapt";
import type { Calibration } from "./calibration";
import { compileModel, predict, type CompiledModel } from "./predict";
import { encode, fitHead, vectorsOf, type HeadName } from "./train/fit-head";
import { stratifiedFolds } from "./train/folds";
import type { TrainingSettings } from "./train/train-classifier";
import type { LabeledExample } from "./types";

// The adaptation loop, simulated (`npm run eval:classifier -- --adapt K…`): a team whose feedback
// reads like nothing the shipped model was trained on. One group of the corpus (a source, or a
// hard kind: the "style") is held out of training; a base model is fitted on the rest with the
// shipped settings; the held-out group is split in two, stratified by label — the team's items
// people review (candidates) and the items measured. A reviewer corrects the K least confident
// candidates (the review queue's order); the adaptation trained on those corrections labels the
// measured half, which no correction touched. The same measured texts for every K.

export type HeadSettings = { l2: number };
export type BaseSettings = {
  features: TrainingSettings["features"];
  minCount: number;
  l2: Record<HeadName, number>;
  /** Added to the sentiment head's "negative" bias (the shipped model's recall shift). */
  negativeShift: number;
  calibration: Calibration;
};

/** `k` as asked; `corrected`: how many were (a group may have fewer candidates). */
export type AdaptationPoint = { k: number; corrected: number; sentiment: number; category: number; both: number; changed: number };
export type AdaptationRun = { group: string; heldOut: number; candidates: number; measured: number; points: AdaptationPoint[] };

/** The base model fitted on `examples` with the shipped settings (no cross-validation: the shipped λ and shift). */
export function fitBase(examples: LabeledExample[], s: BaseSettings): CompiledModel {
  const head = (name: HeadName) => {
    const features = s.features[name];
    const { head } = fitHead(name, examples, encode(vectorsOf(examples, features), s.minCount), features, s.l2[name]);
    const negative = head.labels.indexOf("negative");
    if (negative >= 0) head.bias[negative] += s.negativeShift;
    return head;
  };
  return compileModel({ sentiment: head("sentiment"), category: head("category"), calibration: s.calibration });
}

export function simulateAdaptation({ examples, group, inGroup, ks, base: settings, l2, seed = 14 }: { examples: LabeledExample[]; group: string; inGroup: (e: LabeledExample) => boolean; ks: number[]; base: BaseSettings; l2?: number; seed?: number }): AdaptationRun {
  const pool = examples.filter(inGroup);
  const base = fitBase(
    examples.filter((e) => !inGroup(e)),
    settings,
  );
  const half = stratifiedFolds(
    pool.map((e) => ({ key: e.text, stratum: `${e.sentiment}/${e.category}` })),
    2,
    seed,
  );
  const candidates = pool
    .filter((_, i) => half[i] === 0)
    .map((e) => ({ e, confidence: predict(base, e.text, e.source).confidence }))
    .sort((a, b) => a.confidence - b.confidence || (a.e.text < b.e.text ? -1 : 1))
    .map((c) => c.e);
  const measured = pool.filter((_, i) => half[i] === 1);
  const baseLabels = measured.map((e) => predict(base, e.text, e.source));
  const points = ks.map((k) => {
    const adaptation = k > 0 ? trainAdaptation(candidates.slice(0, k), { base, l2 }) : null;
    const labels = adaptation ? measured.map((e) => classifyWithAdaptation(adaptation, e.text, e.source, base)) : baseLabels;
    const share = (ok: (i: number) => boolean) => measured.filter((_, i) => ok(i)).length / Math.max(1, measured.length);
    return {
      k,
      corrected: Math.min(k, candidates.length),
      sentiment: share((i) => labels[i].sentiment === measured[i].sentiment),
      category: share((i) => labels[i].category === measured[i].category),
      both: share((i) => labels[i].sentiment === measured[i].sentiment && labels[i].category === measured[i].category),
      changed: share((i) => labels[i].sentiment !== baseLabels[i].sentiment || labels[i].category !== baseLabels[i].category),
    };
  });
  return { group, heldOut: pool.length, candidates: candidates.length, measured: measured.length, points };
}
