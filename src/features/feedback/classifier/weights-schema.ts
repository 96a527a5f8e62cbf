import { z } from "zod";
import { FeatureOptionsSchema } from "./features";

// The shape of the generated weights file (weights.json), written by `npm run train:classifier`
// and read once by model.ts.

/** Platt scaling of the raw "both right" score (calibration.ts). */
const CalibrationSchema = z.object({ a: z.number(), b: z.number() });

/** One softmax head: its labels, the features it reads, and per feature one weight per label. */
export const HeadWeightsSchema = z.object({
  labels: z.array(z.string()).min(2),
  features: FeatureOptionsSchema,
  bias: z.array(z.number()),
  rows: z.record(z.string(), z.array(z.number())),
});
export type HeadWeights = z.infer<typeof HeadWeightsSchema>;

export const ModelWeightsSchema = z.object({
  sentiment: HeadWeightsSchema,
  category: HeadWeightsSchema,
  /** Raw "both right" estimate (the product of the heads' probabilities) → calibrated confidence. */
  calibration: CalibrationSchema,
});
export type ModelWeights = z.infer<typeof ModelWeightsSchema>;

export const WeightsFileSchema = z.object({
  meta: z.record(z.string(), z.unknown()),
  model: ModelWeightsSchema,
});
