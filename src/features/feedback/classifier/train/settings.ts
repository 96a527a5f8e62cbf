import { DEFAULT_FEATURE_OPTIONS } from "../features";
import type { TrainingSettings } from "./train-classifier";

/** What `npm run train:classifier` trains with (the figures behind these choices: README.md). */
export const TRAINING_SETTINGS: TrainingSettings = {
  seed: 14,
  folds: 5,
  l2Grid: [1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 3e-6, 1e-6],
  l2Tolerance: 0.005,
  minCount: 2,
  // 87% out of fold: on the corpus's first 1,578 lines (the reviewed collection the test split was
  // drawn from) the out-of-fold negative recall runs 1–2 points below the whole split's. And 85% on
  // held-out groups (a source or a hard kind the head never saw): out-of-fold predictions have seen
  // every style, a team's own phrasing has not, and there the recall fell 6–8 points (README,
  // "Negative shift").
  negativeRecall: { target: 0.87, heldOutTarget: 0.85, shifts: Array.from({ length: 21 }, (_, i) => i / 10) },
  features: {
    // Reported speech ("the customer says it's broken") is marked for sentiment only: the words
    // are someone else's verdict on the ticket, not on the agent (labeling guide, rule 1).
    sentiment: { ...DEFAULT_FEATURE_OPTIONS, reported: 2 },
    // Negation turns praise into a complaint, not one topic into another: "not late" is still
    // about timeliness, so the category head reads the words without NOT_ marks.
    category: { ...DEFAULT_FEATURE_OPTIONS, negation: false },
  },
};
