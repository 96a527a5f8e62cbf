import { calibrate, type Calibration } from "../calibration";
import type { FeatureOptions } from "../features";
import { evaluatePredictions } from "../metrics";
import type { RawPrediction } from "../predict";
import type { LabeledExample } from "../types";
import type { HeadWeights, ModelWeights } from "../weights-schema";
import { crossValidateHead, foldsOf, type HeadPrediction } from "./cross-validate";
import { fitIsotonic, fitPlatt } from "./fit-calibration";
import { encode, fitHead, vectorsOf, type HeadName } from "./fit-head";
import { stratifiedFolds } from "./folds";

// The whole training run: per head, the L2 strength chosen by k-fold cross-validation on the
// training split; the confidence calibrated on the out-of-fold predictions of the chosen heads;
// then each head fitted on the whole training split.

export type TrainingSettings = {
  seed: number;
  folds: number;
  /** Strongest first: each fit starts from the previous one's solution. */
  l2Grid: number[];
  minCount: number;
  calibration: "platt" | "isotonic";
  /** The features each head reads. */
  features: Record<HeadName, FeatureOptions>;
};

const isRight = (p: RawPrediction, e: LabeledExample) => p.sentiment === e.sentiment && p.category === e.category;

function fitCalibration(kind: TrainingSettings["calibration"], predictions: RawPrediction[], examples: LabeledExample[]): Calibration {
  const fit = kind === "platt" ? fitPlatt : fitIsotonic;
  return fit(
    predictions.map((p) => p.score),
    predictions.map((p, i) => isRight(p, examples[i])),
  );
}

/** Out-of-fold figures; the calibration of each fold is fitted on the other folds' predictions, so its error is honest too. */
function crossValidationFigures(examples: LabeledExample[], oof: RawPrediction[], s: TrainingSettings) {
  const folds = stratifiedFolds(
    examples.map((e, i) => ({ key: `calibration:${e.text}`, stratum: isRight(oof[i], e) ? "right" : "wrong" })),
    s.folds,
    s.seed,
  );
  const confidence = new Array<number>(examples.length);
  for (let f = 0; f < s.folds; f++) {
    const others = examples.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const c = fitCalibration(
      s.calibration,
      others.map((i) => oof[i]),
      others.map((i) => examples[i]),
    );
    oof.forEach((p, i) => folds[i] === f && (confidence[i] = calibrate(c, p.score)));
  }
  const r = evaluatePredictions(
    examples,
    oof.map((p, i) => ({ ...p, confidence: confidence[i] })),
  );
  return { sentiment: r.sentiment, category: r.category, both: r.both, negativeRecall: r.negativeRecall, macroF1: r.macroF1, ece: r.ece, byHard: r.byHard };
}

type TrainedHead = { head: HeadWeights; l2: number; grid: { l2: number; accuracy: number }[]; oof: HeadPrediction[] };

function trainHead(name: HeadName, examples: LabeledExample[], folds: number[], s: TrainingSettings, log: (line: string) => void): TrainedHead {
  const features = s.features[name];
  const vectors = vectorsOf(examples, features);
  const oofs = crossValidateHead(name, examples, vectors, { features, minCount: s.minCount, l2Grid: s.l2Grid, folds });
  const grid = oofs.map((oof, g) => ({ l2: s.l2Grid[g], accuracy: oof.filter((p, i) => p.label === examples[i][name]).length / examples.length }));
  for (const { l2, accuracy } of grid) log(`${name} λ ${l2}: ${(100 * accuracy).toFixed(1)}%`);
  // The best cross-validated accuracy; on a tie the stronger regularisation.
  const best = grid.reduce((a, b) => (b.accuracy > a.accuracy ? b : a));
  const { head } = fitHead(name, examples, encode(vectors, s.minCount), features, best.l2);
  return { head, l2: best.l2, grid, oof: oofs[grid.indexOf(best)] };
}

export function trainClassifier(examples: LabeledExample[], s: TrainingSettings, log: (line: string) => void = () => {}) {
  const folds = foldsOf(examples, s.folds, s.seed);
  const sentiment = trainHead("sentiment", examples, folds, s, log);
  const category = trainHead("category", examples, folds, s, log);
  const oof: RawPrediction[] = examples.map((_, i) => ({
    sentiment: sentiment.oof[i].label as RawPrediction["sentiment"],
    category: category.oof[i].label as RawPrediction["category"],
    score: sentiment.oof[i].p * category.oof[i].p,
  }));
  const model: ModelWeights = { sentiment: sentiment.head, category: category.head, calibration: fitCalibration(s.calibration, oof, examples) };
  return {
    model,
    l2: { sentiment: sentiment.l2, category: category.l2 },
    grid: { sentiment: sentiment.grid, category: category.grid },
    crossValidation: crossValidationFigures(examples, oof, s),
  };
}
