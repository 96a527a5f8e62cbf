import type { ClassifiedBy } from "@/generated/prisma/enums";
import type { FeedbackCategory, Sentiment } from "./rules";

// Labels people see and correct (pure: components and services share it).

/** Below this confidence a model label waits in "Check labels" (about 1 in 3 right below 0.6). */
export const REVIEW_BELOW = 0.6;

/** The queue's keys: 1–3 for sentiment, a letter for category. */
export const SENTIMENT_KEYS = { "1": "positive", "2": "neutral", "3": "negative" } as const satisfies Record<string, Sentiment>;
export const CATEGORY_KEYS = { a: "accuracy", c: "communication", p: "prioritization", t: "tooling", i: "timeliness", g: "general" } as const satisfies Record<string, FeedbackCategory>;

/** A written feedback item with the labels in force. */
export type LabelledItem = {
  id: string;
  templateId: string;
  templateName?: string;
  agentId: string | null;
  sourceType: string;
  detail: string;
  sentiment: Sentiment;
  category: FeedbackCategory;
  confidence: number;
  classifiedBy: ClassifiedBy;
  occurredAt: Date;
};

/**
 * A "Check labels" entry: one text, and how many more items wait with exactly that text and reading
 * (`identical`, counted up to COUNT_CAP: `identicalCapped` when there are more).
 */
export type QueueItem = LabelledItem & { identical: number; identicalCapped: boolean };

/** What label chips need of an item: a server page passes this, not the whole item, to the client chips (its text would ride along in the page's payload). */
export type ChipLabels = Pick<LabelledItem, "id" | "sentiment" | "category" | "confidence" | "classifiedBy">;
export const chipLabels = ({ id, sentiment, category, confidence, classifiedBy }: ChipLabels): ChipLabels => ({ id, sentiment, category, confidence, classifiedBy });

/** "92%", or who set it. */
export function confidenceLabel(item: Pick<LabelledItem, "confidence" | "classifiedBy">): string {
  return item.classifiedBy === "person" ? "set by a person" : `${Math.round(item.confidence * 100)}% sure`;
}
