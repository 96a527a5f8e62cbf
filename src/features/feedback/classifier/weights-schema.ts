import { z } from "zod";
import { FeatureOptionsSchema } from "./features";

// The shape of the generated weights file (weights.json), written by `npm run train:classifier`
// and read once by model.ts.

const CalibrationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("platt"), a: z.number(), b: z.number() }),
  z.object({ kind: z.literal("isotonic"), x: z.array(z.number()), y: z.array(z.number()) }),
]);

export const HeadSchema = z.object({
  /** "sentiment" and "category", or one "joint" head over "sentiment/category" pairs. */
  name: z.enum(["sentiment", "category", "joint"]),
  labels: z.array(z.string()),
  bias: z.array(z.number()),
});

export const ModelWeightsSchema = z.object({
  features: FeatureOptionsSchema,
  heads: z.array(HeadSchema).min(1),
  /** Feature name → its weights for every head's labels, heads in order. */
  rows: z.record(z.string(), z.array(z.number())),
  calibration: CalibrationSchema,
});
export type ModelWeights = z.infer<typeof ModelWeightsSchema>;

export const WeightsFileSchema = z.object({
  meta: z.record(z.string(), z.unknown()),
  model: ModelWeightsSchema,
});
