import type { FeatureVector } from "../features";
import { compileModel, predictRaw, type RawPrediction } from "../predict";
import type { LabeledExample } from "../types";
import { fitModel, type ModelConfig } from "./fit-model";
import { stratifiedFolds } from "./folds";

/**
 * Out-of-fold predictions: each example predicted by the model fitted on the other k−1 folds
 * (stratified by sentiment × category). Used to choose hyper-parameters and to fit the calibration,
 * so neither ever looks at the test split.
 */
export function crossValidate(examples: LabeledExample[], vectors: FeatureVector[], config: ModelConfig, k: number, seed: number): RawPrediction[] {
  const folds = stratifiedFolds(
    examples.map((e) => ({ key: e.text, stratum: `${e.sentiment}/${e.category}` })),
    k,
    seed,
  );
  const out = new Array<RawPrediction>(examples.length);
  for (let f = 0; f < k; f++) {
    const train = examples.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const model = compileModel(
      fitModel(
        train.map((i) => examples[i]),
        train.map((i) => vectors[i]),
        config,
      ),
    );
    examples.forEach((e, i) => {
      if (folds[i] === f) out[i] = predictRaw(model, e.text, e.source);
    });
  }
  return out;
}
