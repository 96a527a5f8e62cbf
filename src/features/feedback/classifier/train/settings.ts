import { DEFAULT_FEATURE_OPTIONS } from "../features";
import type { TrainingSettings } from "./train-classifier";

/** What `npm run train:classifier` trains with (the figures behind these choices: README.md). */
export const TRAINING_SETTINGS: TrainingSettings = {
  seed: 14,
  folds: 5,
  l2Grid: [1e-3, 3e-4, 1e-4, 3e-5, 1e-5],
  calibration: "platt",
  config: { features: DEFAULT_FEATURE_OPTIONS, heads: "separate", minCount: 2 },
};
