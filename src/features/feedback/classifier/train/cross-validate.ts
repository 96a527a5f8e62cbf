import type { FeatureVector } from "../features";
import { compileModel, predictRaw, type RawPrediction } from "../predict";
import type { LabeledExample } from "../types";
import { encode, fitHeads, type ModelConfig } from "./fit-model";
import { stratifiedFolds } from "./folds";

/**
 * Out-of-fold predictions for each config: each example predicted by the model fitted on the
 * other k−1 folds (stratified by sentiment × category). Used to choose hyper-parameters and to fit
 * the calibration, so neither ever looks at the test split. The configs differ only in their L2
 * strengths; within a fold each fit starts from the previous config's solution.
 */
export function crossValidate(examples: LabeledExample[], vectors: FeatureVector[], configs: ModelConfig[], k: number, seed: number): RawPrediction[][] {
  const folds = stratifiedFolds(
    examples.map((e) => ({ key: e.text, stratum: `${e.sentiment}/${e.category}` })),
    k,
    seed,
  );
  const out = configs.map(() => new Array<RawPrediction>(examples.length));
  for (let f = 0; f < k; f++) {
    const train = examples.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const encoded = encode(
      train.map((i) => vectors[i]),
      configs[0].minCount,
    );
    let start: Float64Array[] | undefined;
    configs.forEach((config, c) => {
      const fitted = fitHeads(
        train.map((i) => examples[i]),
        encoded,
        config,
        start,
      );
      start = fitted.thetas;
      const model = compileModel(fitted.weights);
      examples.forEach((e, i) => {
        if (folds[i] === f) out[c][i] = predictRaw(model, e.text, e.source);
      });
    });
  }
  return out;
}
