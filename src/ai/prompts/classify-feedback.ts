import type { JSONObject } from "@ai-sdk/provider";
import { z } from "zod";
import { TEXT_SOURCES, type TextSource } from "@/features/feedback/classifier/types";
import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";
import { builtinContext } from "../providers/builtin/options";

// The classifier's prompt for free-text feedback about a task agent's work: an agent's observation,
// a person's reason for a decision, a person's comment. The instructions — the taxonomy guide and a
// few labeled examples, the same rules the product's labeled corpus follows — are the system
// message; the items are numbered lines ("1. [reason] …") in the user message, and the same items
// as data (`ClassifyPromptData`, as providerOptions) for the built-in classifier. Answer:
// structured output { items: [{ index, sentiment, category, confidence }] }, index = the item's number.

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

/** Who wrote a text and why (the trained classifier's `source` feature), as a line's tag. */
const SOURCE_TAG: Record<TextSource, string> = { observation: "agent's note", rejection: "decision reason", comment: "comment" };

/** Longest text sent per item: feedback is short; the rest would only cost tokens. */
export const MAX_ITEM_CHARS = 600;

/** Labeled examples for the provider (few-shot): the hard kinds a keyword reading gets wrong. */
export const CLASSIFY_EXAMPLES: { source: TextSource; text: string; sentiment: Sentiment; category: FeedbackCategory }[] = [
  { source: "rejection", text: "two hours for a typo fix?", sentiment: "negative", category: "accuracy" },
  { source: "rejection", text: "this needs a data backfill, triple it", sentiment: "negative", category: "accuracy" },
  { source: "rejection", text: "no.", sentiment: "negative", category: "general" },
  { source: "comment", text: "lovely, a fourth reminder today", sentiment: "negative", category: "timeliness" },
  { source: "observation", text: "The user says the export is broken and slow; reproduced it on the staging tenant.", sentiment: "neutral", category: "general" },
  { source: "comment", text: "No duplicates in the last batch.", sentiment: "positive", category: "tooling" },
  { source: "observation", text: "Sam sent my reply exactly as drafted and a teammate thanked me.", sentiment: "positive", category: "communication" },
  { source: "comment", text: "Good draft, but three days late.", sentiment: "negative", category: "timeliness" },
  { source: "rejection", text: "Not relevant any more.", sentiment: "negative", category: "timeliness" },
  { source: "comment", text: "Why were the P4s handled before the P1?", sentiment: "negative", category: "prioritization" },
  { source: "rejection", text: "Item 2 already says this.", sentiment: "negative", category: "tooling" },
  { source: "rejection", text: "Deferring until the customer replies.", sentiment: "neutral", category: "general" },
];

export const CLASSIFY_FEEDBACK_SYSTEM = `You label feedback about an AI task agent's work. Each numbered item is one text, tagged with who wrote it: [agent's note] (the agent's own note while it works, often reporting how a person reacted), [decision reason] (why a person rejected or deferred one of the agent's proposals), [comment] (a person's comment on a run or report, or the words they confirmed a proposal with).
For each item answer its index, a sentiment, a category and a confidence.

sentiment — the verdict on the AGENT'S WORK, not on the ticket's subject:
- positive: the writer approves of what the agent did, or reports that someone did ("a teammate merged it and thanked me").
- negative: the writer disapproves, corrects or undoes the agent's work, or reports that someone did. Complaints are often implicit ("two hours for a typo fix?", "no."), sarcastic ("lovely, a fourth reminder today") or questions.
- neutral: no verdict — information, progress notes, deferrals, hand-offs, questions asked for information, requests for next time.
Problem words about the task's subject are not a verdict: "the user says the export is broken" is a neutral note. Negation counts: "no duplicates this time" is praise, "not helpful" is a complaint. A mixed text follows its overall verdict (usually the clause after "but").

category — the ASPECT of the agent's behaviour that is judged (not the topic of the ticket):
- accuracy: estimates, labels it sets (priority level, area), status proposals, facts and numbers, diagnoses.
- communication: how it writes — tone, length, clarity, jargon, language, formatting.
- prioritization: what gets attention first — order of work and of checklist steps, whether a step matters, escalation.
- tooling: the proposals and tools themselves — the wrong kind of proposal, duplicates, things already done, too many proposals.
- timeliness: when it acts — wake timing, schedules, latency, deadlines and cutoffs, reminders, proposals that came too late.
- general: overall verdicts with no specific aspect, and anything else.

confidence: 0 to 1, the probability that both labels are right.
Classify every item exactly once, by its number. Answer with JSON only, in this shape:
{"items": [{"index": 1, "sentiment": "negative", "category": "accuracy", "confidence": 0.9}, …]}

Examples:
${CLASSIFY_EXAMPLES.map((e) => `[${SOURCE_TAG[e.source]}] ${e.text} → ${e.sentiment}, ${e.category}`).join("\n")}`;

/**
 * The items as sent, in order: item n is `items[n - 1]`, `sources[n - 1]` who wrote it (when
 * known); `adaptation`: the workspace's active adaptation of the built-in classifier
 * (features/feedback/classifier/adapt.ts), read by the built-in model only.
 */
export const ClassifyPromptData = z.object({
  items: z.array(z.string()),
  sources: z.array(z.enum(TEXT_SOURCES).nullable()).optional(),
  adaptation: z.looseObject({ version: z.union([z.literal(1), z.literal(2)]) }).nullable().optional(),
});
export type ClassifyPromptData = z.infer<typeof ClassifyPromptData>;

export type FeedbackText = { text: string; source?: TextSource | null };

/** A workspace's own labels (its members' corrections), newest first: few-shot examples for a hosted model. */
export type WorkspaceExample = { text: string; source?: TextSource | null; sentiment: Sentiment; category: FeedbackCategory };

/** Corrections shown to a hosted model per call: enough to teach a team's words, few enough to stay cheap. */
export const MAX_WORKSPACE_EXAMPLES = 20;

const flatLine = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_ITEM_CHARS ? `${flat.slice(0, MAX_ITEM_CHARS)}…` : flat || "(empty)";
};

/**
 * One line per item (a newline inside a text would read as a new item), each cut to MAX_ITEM_CHARS.
 * `examples`: the workspace's corrections, added to the system message after the shipped examples
 * (they win where they disagree: this team's reading of its own words); `adaptation` goes to the
 * built-in classifier as data.
 */
export function classifyFeedbackPrompt(texts: (string | FeedbackText)[], { examples = [], adaptation = null }: { examples?: WorkspaceExample[]; adaptation?: ClassifyPromptData["adaptation"] } = {}) {
  const inputs = texts.map((t) => (typeof t === "string" ? { text: t, source: null } : { text: t.text, source: t.source ?? null }));
  const items = inputs.map(({ text }) => flatLine(text));
  const sources = inputs.map((i) => i.source);
  const own = examples.slice(0, MAX_WORKSPACE_EXAMPLES);
  const system = own.length
    ? `${CLASSIFY_FEEDBACK_SYSTEM}\n\nThis team's own corrections (how its people label their words; follow them for texts like these):\n${own
        .map((e) => `${e.source ? `[${SOURCE_TAG[e.source]}] ` : ""}${flatLine(e.text)} → ${e.sentiment}, ${e.category}`)
        .join("\n")}`
    : CLASSIFY_FEEDBACK_SYSTEM;
  return {
    system,
    prompt: `Feedback items (${texts.length}):\n${items.map((item, i) => `${i + 1}. ${sources[i] ? `[${SOURCE_TAG[sources[i]]}] ` : ""}${item}`).join("\n")}`,
    // The adaptation is JSON (it is stored as such in FeedbackAdaptation).
    providerOptions: builtinContext({ items, sources, ...(adaptation ? { adaptation: adaptation as JSONObject & { version: 1 | 2 } } : {}) } satisfies ClassifyPromptData),
  };
}
