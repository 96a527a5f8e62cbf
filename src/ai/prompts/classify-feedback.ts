import { z } from "zod";
import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";
import { builtinContext } from "../providers/builtin/options";

// The classifier's prompt for free-text feedback (observations): the instructions in the system
// message, the items as numbered lines ("1. …") in the user message, and the same items as data
// (`ClassifyPromptData`, as providerOptions) for the built-in classifier. Answer: structured output
// { items: [{ index, sentiment, category, confidence }] }, index = the item's number.

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

/** The items as sent, in order: item n is `items[n - 1]`. */
export const ClassifyPromptData = z.object({ items: z.array(z.string()) });
export type ClassifyPromptData = z.infer<typeof ClassifyPromptData>;

/** One line per item (a newline inside a text would read as a new item), each cut to MAX_ITEM_CHARS. */
export function classifyFeedbackPrompt(texts: string[]) {
  const items = texts.map((t) => {
    const flat = t.replace(/\s+/g, " ").trim();
    return flat.length > MAX_ITEM_CHARS ? `${flat.slice(0, MAX_ITEM_CHARS)}…` : flat || "(empty)";
  });
  return {
    system: CLASSIFY_FEEDBACK_SYSTEM,
    prompt: `Feedback items (${texts.length}):\n${items.map((item, i) => `${i + 1}. ${item}`).join("\n")}`,
    providerOptions: builtinContext({ items } satisfies ClassifyPromptData),
  };
}
