import { z } from "zod";
import { IdSchema } from "@/features/workspaces/schemas";
import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";

// The feedback slice's inputs (zod), shared by its actions and services.

/** Items a person may correct in one go (a bulk selection). */
export const MAX_LABEL_CORRECTIONS = 100;

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
});
export type CorrectFeedbackLabelsInput = z.infer<typeof CorrectFeedbackLabelsInput>;
