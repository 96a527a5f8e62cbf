import { z } from "zod";
import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";

// The classifier's prompt for free-text feedback (observations). The items are NUMBERED LINES
// ("1. …"), one per line: that is what the built-in classifier (src/ai/builtin/classify.ts) reads,
// so the instructions live in the system message and the user message holds only a heading and
// the items. Answer: structured output { items: [{ index, sentiment, category, confidence }] }.

export const ClassificationSchema = z.object({
  items: z.array(
    z.object({
      index: z.number().int(),
      sentiment: z.enum(Sentiment),
      category: z.enum(FeedbackCategory),
      confidence: z.number().min(0).max(1),
    }),
  ),
});
export type ClassificationAnswer = z.infer<typeof ClassificationSchema>;
export const ClassificationItemSchema = ClassificationSchema.shape.items.element;

/** Longest text sent per item: feedback is short; the rest would only cost tokens. */
export const MAX_ITEM_CHARS = 600;

export const CLASSIFY_FEEDBACK_SYSTEM = `You classify feedback about an AI task agent's work, written by the people it works with or noted by the agent itself.
For each numbered item, answer its index, a sentiment and a category:
- sentiment: positive (praise, confirmation, something done well), negative (complaint, correction, something missed, wrong or late), neutral (informational, a question, no judgement).
- category: accuracy (estimates, facts, status correctness), communication (tone, verbosity, clarity, reports), prioritization (what gets attention first, checklist order), tooling (choice of tool, redundant or duplicate proposals), timeliness (latency, deadlines, wake timing), general (anything else).
- confidence: 0 to 1, how sure you are.
Classify every item exactly once, by its number. Sarcasm and negation count: "not helpful" is negative.`;

/** One line per item: newlines inside a text would start a new "item" for a line-based reader. */
export function classifyFeedbackPrompt(texts: string[]): { system: string; prompt: string } {
  const lines = texts.map((t, i) => {
    const flat = t.replace(/\s+/g, " ").trim();
    return `${i + 1}. ${flat.length > MAX_ITEM_CHARS ? `${flat.slice(0, MAX_ITEM_CHARS)}…` : flat || "(empty)"}`;
  });
  return { system: CLASSIFY_FEEDBACK_SYSTEM, prompt: `Feedback items (${texts.length}):\n${lines.join("\n")}` };
}
