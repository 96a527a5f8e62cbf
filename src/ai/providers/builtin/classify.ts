import type { ClassificationAnswer, ClassifyPromptData } from "@/ai/prompts/classify-feedback";
import { classifyWithAdaptation } from "@/features/feedback/classifier/adapt";

// Classifier role: each item of the prompt's data (ClassifyPromptData) is one piece of free-text
// feedback, answered by its number with the trained offline classifier
// (src/features/feedback/classifier: a linear model shipped as weights, its confidence calibrated),
// through the workspace's adaptation when the prompt carries one (classifier/adapt.ts).

export type Classification = ClassificationAnswer["items"][number];

/** Item n of the prompt is `items[n - 1]` (its source, when known, is `sources[n - 1]`). */
export function classifyItems({ items, sources, adaptation }: ClassifyPromptData): ClassificationAnswer {
  // The adaptation comes from our own database (FeedbackAdaptation), written by trainAdaptation;
  // classifyWithAdaptation validates its shape once per object.
  const adapted = adaptation ?? null;
  return {
    items: items.map((text, i) => {
      const { sentiment, category, confidence } = classifyWithAdaptation(adapted, text, sources?.[i] ?? undefined);
      return { index: i + 1, sentiment, category, confidence: Math.round(confidence * 1e4) / 1e4 };
    }),
  };
}
