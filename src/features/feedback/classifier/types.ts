import { z } from "zod";
import { FEEDBACK_CATEGORIES, SENTIMENTS, type FeedbackCategory, type Sentiment } from "../rules";

// The classifier's vocabulary: the feedback labels of the rules, the free-text sources it reads,
// and the corpus line format (read at the boundary with zod).

/** Where a free text comes from: an agent's observation, a person's rejection reason, a person's comment. */
export const TEXT_SOURCES = ["observation", "rejection", "comment"] as const;
export type TextSource = (typeof TEXT_SOURCES)[number];

/** Why a corpus line is hard (null: an ordinary line); the evaluator reports accuracy per kind. */
export const HARD_KINDS = ["negation", "mixed", "sarcasm", "implicit", "domain", "terse"] as const;
export type HardKind = (typeof HARD_KINDS)[number];

export type FeedbackLabels = { sentiment: Sentiment; category: FeedbackCategory };
export type FeedbackClassification = FeedbackLabels & { confidence: number };
export type FeedbackInput = { text: string; source?: TextSource };

export const LabeledExampleSchema = z.object({
  text: z.string(),
  sentiment: z.enum(SENTIMENTS),
  category: z.enum(FEEDBACK_CATEGORIES),
  source: z.enum(TEXT_SOURCES),
  hard: z.enum(HARD_KINDS).nullable(),
});
export type LabeledExample = z.infer<typeof LabeledExampleSchema>;
