import { calibrate, type Calibration } from "../calibration";
import type { FeatureOptions } from "../features";
import { evaluatePredictions } from "../metrics";
import type { RawPrediction } from "../predict";
import type { LabeledExample } from "../types";
import type { HeadWeights, ModelWeights } from "../weights-schema";
import { argmax } from "../softmax";
import { crossValidateHead, foldsOf } from "./cross-validate";
import { fitCalibration } from "./fit-calibration";
import { encode, fitHead, HEAD_LABELS, vectorsOf, type HeadName } from "./fit-head";
import { chooseShift, recallAt, shiftLogit } from "./negative-shift";
import { stratifiedFolds } from "./folds";
import { heldOutRecall, predictHeldOutGroups } from "./held-out-groups";

// The whole training run: per head, the L2 strength chosen by k-fold cross-validation on the
// training split; the confidence calibrated on the out-of-fold predictions of the chosen heads;
// then each head fitted on the whole training split.

export type TrainingSettings = {
  seed: number;
  folds: number;
  /** Strongest first: each fit starts from the previous one's solution. */
  l2Grid: number[];
  /** How far below the best cross-validated accuracy a stronger L2 strength may be and still be chosen. */
  l2Tolerance: number;
  minCount: number;
  /**
   * The sentiment head's "negative" bias is shifted by the smallest of `shifts` (ascending) whose
   * out-of-fold negative recall reaches `target` and whose recall on held-out groups (each source
   * and hard kind predicted by a head fitted without it, `held-out-groups.ts`) reaches `heldOutTarget`.
   * λ is judged at the out-of-fold shift alone (the held-out groups cost a fit each, so only the chosen λ gets them).
   */
  negativeRecall: { target: number; heldOutTarget: number; shifts: number[] };
  /** The features each head reads. */
  features: Record<HeadName, FeatureOptions>;
};

const isRight = (p: RawPrediction, e: LabeledExample) => p.sentiment === e.sentiment && p.category === e.category;

function calibrationOf(predictions: RawPrediction[], examples: LabeledExample[]): Calibration {
  return fitCalibration(
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
    const c = calibrationOf(
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

/** One L2 strength of the grid, cross-validated: accuracy (after the negative shift, for sentiment). */
export type GridPoint = { l2: number; accuracy: number; shift: number; negativeRecall: number | null; heldOutNegativeRecall?: number };
type TrainedHead = { head: HeadWeights; chosen: GridPoint; grid: GridPoint[]; oof: { label: string; p: number }[] };

function trainHead(name: HeadName, examples: LabeledExample[], folds: number[], s: TrainingSettings, log: (line: string) => void): TrainedHead {
  const features = s.features[name];
  const labels = HEAD_LABELS[name];
  const gold = examples.map((e) => labels.indexOf(e[name]));
  const negative = labels.indexOf("negative");
  const vectors = vectorsOf(examples, features);
  const oofs = crossValidateHead(name, examples, vectors, { features, minCount: s.minCount, l2Grid: s.l2Grid, folds });
  // The sentiment head is judged at the smallest negative shift that reaches the recall target.
  const shifted = oofs.map((oof) => {
    if (negative < 0) return { oof, shift: 0, negativeRecall: null };
    const { shift, recall } = chooseShift(oof, gold, negative, s.negativeRecall.shifts, s.negativeRecall.target);
    return { oof: oof.map((p) => shiftLogit(p, negative, shift)), shift, negativeRecall: recall };
  });
  const accuracyOf = (oof: Float64Array[]) => oof.filter((p, i) => argmax(p) === gold[i]).length / examples.length;
  const grid: GridPoint[] = shifted.map(({ oof, shift, negativeRecall }, g) => ({ l2: s.l2Grid[g], accuracy: accuracyOf(oof), shift, negativeRecall }));
  for (const g of grid) log(`${name} λ ${g.l2}: ${(100 * g.accuracy).toFixed(1)}%${g.negativeRecall === null ? "" : ` (negative shift ${g.shift}: negative recall ${(100 * g.negativeRecall).toFixed(1)}%)`}`);
  // The strongest regularisation within `l2Tolerance` of the best cross-validated accuracy: the
  // differences between neighbours are within the noise, and the stronger one generalises better.
  const top = Math.max(...grid.map((g) => g.accuracy));
  let chosen = grid.find((g) => g.accuracy >= top - s.l2Tolerance)!;
  let chosenOof = shifted[grid.indexOf(chosen)].oof;
  if (negative >= 0) {
    // Then the shift is raised, if need be, until the recall holds on text unlike the training text.
    const groups = predictHeldOutGroups(name, examples, vectors, { features, minCount: s.minCount, l2: chosen.l2 });
    const heldOut = (shift: number) => heldOutRecall(groups, gold, negative, shift);
    const candidates = s.negativeRecall.shifts.filter((shift) => shift >= chosen.shift);
    const shift = candidates.find((x) => heldOut(x) >= s.negativeRecall.heldOutTarget) ?? candidates[candidates.length - 1] ?? chosen.shift;
    const unshifted = oofs[grid.indexOf(chosen)];
    chosenOof = unshifted.map((p) => shiftLogit(p, negative, shift));
    chosen = { ...chosen, shift, negativeRecall: recallAt(unshifted, gold, negative, shift), accuracy: accuracyOf(chosenOof), heldOutNegativeRecall: heldOut(shift) };
    log(`${name} λ ${chosen.l2}: negative shift ${shift} (held-out groups' negative recall ${(100 * chosen.heldOutNegativeRecall!).toFixed(1)}%, out-of-fold ${(100 * chosen.negativeRecall!).toFixed(1)}%, accuracy ${(100 * chosen.accuracy).toFixed(1)}%)`);
  }
  const { head } = fitHead(name, examples, encode(vectors, s.minCount), features, chosen.l2);
  if (negative >= 0) head.bias[negative] = Math.round((head.bias[negative] + chosen.shift) * 1e5) / 1e5;
  const oof = chosenOof.map((p) => ({ label: labels[argmax(p)], p: p[argmax(p)] }));
  return { head, chosen, grid, oof };
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
  const model: ModelWeights = { sentiment: sentiment.head, category: category.head, calibration: calibrationOf(oof, examples) };
  return {
    model,
    chosen: { sentiment: sentiment.chosen, category: category.chosen },
    grid: { sentiment: sentiment.grid, category: category.grid },
    crossValidation: crossValidationFigures(examples, oof, s),
  };
}
