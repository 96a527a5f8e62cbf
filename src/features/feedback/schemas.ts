import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";

// The feedback slice's inputs (zod), shared by its actions and services.

/** Items a person may correct in one go (a bulk selection). */
export const MAX_LABEL_CORRECTIONS = 100;
/** Identical items labelled along with a correction (`identical`), at most, per request. */
export const MAX_IDENTICAL_ITEMS = 1_000;

/**
 * One item's labels as the person set them. A field left out keeps the item's label; both left
 * out (or both equal to the item's) is a confirmation — the label was right.
 */
export const LabelCorrectionInput = z.object({
  itemId: IdSchema,
  sentiment: z.enum(Sentiment).optional(),
  category: z.enum(FeedbackCategory).optional(),
});
export type LabelCorrectionInput = z.infer<typeof LabelCorrectionInput>;

export const CorrectFeedbackLabelsInput = z.object({
  corrections: z
    .array(LabelCorrectionInput)
    .min(1, "Choose at least one item.")
    .max(MAX_LABEL_CORRECTIONS, `Correct at most ${MAX_LABEL_CORRECTIONS} items at once.`)
    .refine((items) => new Set(items.map((c) => c.itemId)).size === items.length, "Each item once."),
  /**
   * Also label the items identical to each one ("Check labels" lists a text once): the classifier's
   * labels of the same text from the same source in the same template, as it read them — at most
   * MAX_IDENTICAL_ITEMS in all; the rest stay in the queue.
   */
  identical: z.boolean().optional(),
});
export type CorrectFeedbackLabelsInput = z.infer<typeof CorrectFeedbackLabelsInput>;
