import { evaluatePredictions, type EvaluationReport, type Prediction } from "./metrics";
import type { FeedbackInput, LabeledExample } from "./types";

/**
 * Anything that labels feedback texts, in order: the offline classifier, or later the configured
 * model through the provider. A classifier without a confidence gets no calibration figure.
 */
export type BatchClassifier = (inputs: FeedbackInput[]) => Promise<Prediction[]>;

export async function evaluateClassifier(examples: LabeledExample[], classify: BatchClassifier): Promise<EvaluationReport> {
  const predictions = await classify(examples.map((e) => ({ text: e.text, source: e.source })));
  if (predictions.length !== examples.length) throw new Error(`the classifier answered ${predictions.length} labels for ${examples.length} texts`);
  return evaluatePredictions(examples, predictions);
}
