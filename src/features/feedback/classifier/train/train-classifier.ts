import type { Calibration } from "../calibration";
import { calibrate } from "../calibration";
import { evaluatePredictions } from "../metrics";
import type { RawPrediction } from "../predict";
import type { LabeledExample } from "../types";
import type { ModelWeights } from "../weights-schema";
import { crossValidate } from "./cross-validate";
import { fitIsotonic, fitPlatt } from "./fit-calibration";
import { fitModel, vectorsOf, type ModelConfig } from "./fit-model";
import { stratifiedFolds } from "./folds";

// The whole training run: L2 strength per head chosen by k-fold cross-validation on the training
// split, the confidence calibrated on the out-of-fold predictions of the chosen model, then the
// final fit on the whole training split.

export type TrainingSettings = {
  seed: number;
  folds: number;
  /** Strongest first: each fit starts from the previous one's solution. */
  l2Grid: number[];
  calibration: "platt" | "isotonic";
  config: Omit<ModelConfig, "l2">;
};

export type GridPoint = { l2: number; sentiment: number; category: number; both: number };
export type CrossValidationFigures = ReturnType<typeof crossValidationFigures>;

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

export function trainClassifier(examples: LabeledExample[], s: TrainingSettings, log: (line: string) => void = () => {}) {
  const vectors = vectorsOf(examples, s.config.features);
  const configs = s.l2Grid.map((l2): ModelConfig => ({ ...s.config, l2: { sentiment: l2, category: l2 } }));
  const grid: GridPoint[] = crossValidate(examples, vectors, configs, s.folds, s.seed).map((oof, i) => {
    const r = evaluatePredictions(examples, oof);
    log(`λ ${s.l2Grid[i]}: sentiment ${r.sentiment.toFixed(4)}, category ${r.category.toFixed(4)}, both ${r.both.toFixed(4)}`);
    return { l2: s.l2Grid[i], sentiment: r.sentiment, category: r.category, both: r.both };
  });
  // Best cross-validated accuracy per head; on a tie the stronger regularisation (the grid is searched from the strongest).
  const best = (key: keyof Omit<GridPoint, "l2">) => [...grid].sort((a, b) => b[key] - a[key] || b.l2 - a.l2)[0].l2;
  const l2 = s.config.heads === "joint" ? { sentiment: best("both"), category: best("both") } : { sentiment: best("sentiment"), category: best("category") };
  const config: ModelConfig = { ...s.config, l2 };
  const [oof] = crossValidate(examples, vectors, [config], s.folds, s.seed);
  const crossValidation = crossValidationFigures(examples, oof, s);
  const model: ModelWeights = { ...fitModel(examples, vectors, config), calibration: fitCalibration(s.calibration, oof, examples) };
  return { model, l2, grid, crossValidation };
}
