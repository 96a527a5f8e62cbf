// Rule tables of the feedback pipeline: for STRUCTURED sources only (verdicts, ratings, quality
// scores, report confidence). Free text — an agent's observation, a reason a person gave — is never
// classified by keywords: it gets a pending marker at write time and the classifier (the trained
// built-in model, or the configured provider) labels it shortly after (server/classify-pending.ts).
// Pure: no database, so unit tests and the benchmark use exactly the tables the SQL is built from.

import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";
import { FEEDBACK_SOURCE_TYPES, type FeedbackSourceType, type WrittenSourceType } from "./source-kind";
import { TOOL_WORDS } from "@/lib/words";
import type { TextSource } from "./classifier/types";

export type { FeedbackCategory, Sentiment };
/** The Prisma enums' values, in their declared order (what charts and lists show). */
export const SENTIMENTS = Object.values(Sentiment);
export const FEEDBACK_CATEGORIES = Object.values(FeedbackCategory);
/** Every source type (./source-kind.ts): what people wrote — classified by the classifier — then the signals, classified by the rules below. */
export const SOURCE_TYPES = FEEDBACK_SOURCE_TYPES;
export type SourceType = FeedbackSourceType;
export type WrittenSource = WrittenSourceType;

/**
 * What the classifier reads a written text as (its corpus's `source` field): an agent's note about
 * the work is an observation; a person's reason for rejecting or deferring a proposal is a
 * rejection; the reason given with a confirmation ("Yes, go ahead.") is a person's comment — read as
 * a rejection reason, a bare "Yes." came out negative and showed among the negative patterns.
 * `verdict`: the decision's, for a reason.
 */
export function classifierSource(sourceType: string, verdict: string | null | undefined): TextSource | undefined {
  if (sourceType === "observation") return "observation";
  if (sourceType !== "reason") return undefined;
  return verdict === "confirmed" ? "comment" : "rejection";
}

/** Characters of a written text kept for the classifier (PendingFeedback.text). */
export const PENDING_TEXT_CHARS = 2_000;

// ---- structured sources (all classifiedBy "rule", confidence 1) --------------------------------

/** Decision tool → category (what the verdict judged). */
export const TOOL_CATEGORY: Record<string, FeedbackCategory> = {
  propose_estimate: "accuracy",
  propose_status: "accuracy",
  propose_checklist_items: "prioritization",
};
export const DEFAULT_TOOL_CATEGORY: FeedbackCategory = "tooling";
export const VERDICT_SENTIMENT = { rejected: "negative", confirmed: "positive", deferred: "neutral" } as const satisfies Record<string, Sentiment>;

/** A decision in words: "Confirmed a proposed checklist (3 items)". */
export const VERDICT_WORD = { rejected: "Rejected", confirmed: "Confirmed", deferred: "Deferred" } as const;
/** The tools the triggers name in words (src/lib/words.ts: the one mapping; the generated SQL spells these out). */
export const TOOL_PHRASE: Record<string, string> = {
  propose_estimate: TOOL_WORDS.propose_estimate.phrase,
  propose_status: TOOL_WORDS.propose_status.phrase,
  propose_checklist_items: TOOL_WORDS.propose_checklist_items.phrase,
};
/** Any other tool in words: propose_due_date → "a proposed due date", write_report → "a proposal to write report". */
export const toolPhrase = (tool: string) =>
  TOOL_PHRASE[tool] ?? (tool.startsWith("propose_") ? `a proposed ${tool.slice("propose_".length).replaceAll("_", " ")}` : `a proposal to ${tool.replaceAll("_", " ")}`);

/** Run ratings (0..1): < 0.3 negative, > 0.7 positive, else neutral; category general. */
export const RATING = { negativeBelow: 0.3, positiveAbove: 0.7 } as const;
export function ratingSentiment(rating: number): Sentiment {
  return rating < RATING.negativeBelow ? "negative" : rating > RATING.positiveAbove ? "positive" : "neutral";
}

/**
 * Report confidence (the agent's own certainty about its work → category accuracy). Only signals
 * are stored: confidence < 0.4 or a drop ≥ 0.2 against the same agent's previous report → negative;
 * ≥ 0.8 (and no such drop) → positive; anything else → no item.
 */
export const REPORT_CONFIDENCE = { negativeBelow: 0.4, positiveFrom: 0.8, dropAtLeast: 0.2 } as const;
export function reportConfidenceSentiment(confidence: number, previous: number | null): Sentiment | null {
  if (confidence < REPORT_CONFIDENCE.negativeBelow) return "negative";
  if (previous !== null && previous - confidence >= REPORT_CONFIDENCE.dropAtLeast - 1e-9) return "negative";
  if (confidence >= REPORT_CONFIDENCE.positiveFrom) return "positive";
  return null;
}

/** Self-refine quality score of a run (category accuracy): < 0.7 negative, ≥ 0.9 positive, else no item. */
export const QUALITY = { negativeBelow: 0.7, positiveFrom: 0.9 } as const;
export function qualitySentiment(score: number): Sentiment | null {
  return score < QUALITY.negativeBelow ? "negative" : score >= QUALITY.positiveFrom ? "positive" : null;
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
