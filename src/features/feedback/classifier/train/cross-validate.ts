import type { FeatureOptions, FeatureVector } from "../features";
import { compileHead, headProbabilities } from "../predict";
import type { LabeledExample } from "../types";
import { encode, fitHead, type HeadName } from "./fit-head";
import { stratifiedFolds } from "./folds";

/** Fold of each example, stratified by its sentiment × category: the same folds for both heads. */
export function foldsOf(examples: LabeledExample[], k: number, seed: number): number[] {
  return stratifiedFolds(
    examples.map((e) => ({ key: e.text, stratum: `${e.sentiment}/${e.category}` })),
    k,
    seed,
  );
}

/**
 * Out-of-fold label probabilities of one head for each L2 strength of the grid: each example predicted by
 * the head fitted on the other k−1 folds. Used to choose the strength and to fit the calibration,
 * so neither ever looks at the test split. Within a fold each fit starts from the previous
 * strength's solution.
 */
export function crossValidateHead(
  name: HeadName,
  examples: LabeledExample[],
  vectors: FeatureVector[],
  settings: { features: FeatureOptions; minCount: number; l2Grid: number[]; folds: number[] },
): Float64Array[][] {
  const { features, minCount, l2Grid, folds } = settings;
  const out = l2Grid.map(() => new Array<Float64Array>(examples.length));
  for (const f of new Set(folds)) {
    const train = examples.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const encoded = encode(
      train.map((i) => vectors[i]),
      minCount,
    );
    let start: Float64Array | undefined;
    l2Grid.forEach((l2, g) => {
      const fitted = fitHead(
        name,
        train.map((i) => examples[i]),
        encoded,
        features,
        l2,
        start,
      );
      start = fitted.theta;
      const head = compileHead(fitted.head);
      folds.forEach((fold, i) => fold === f && (out[g][i] = headProbabilities(head, vectors[i])));
    });
  }
  return out;
}
