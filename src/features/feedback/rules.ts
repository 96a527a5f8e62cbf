// Rule tables of the feedback pipeline. Pure: no database,
// so unit tests and the benchmark's per-agent loop use exactly the tables the SQL is built from.
//
// Observation keywords are matched in SQL against the `search` tsvector of AgentMessage (english
// stems, already stored: no re-parsing). A term is a stem PREFIX (`accur` matches accurate,
// accuracy) unless `exact`. Each prefix is chosen so that a surface word starting with it has an
// english stem starting with it too; the JS mirror below (`classifyByRules`) matches surface words,
// so the two agree (an integration test runs both on the same sentences).

import { FeedbackCategory, Sentiment } from "@/generated/prisma/enums";

export type { FeedbackCategory, Sentiment };
/** The Prisma enums' values, in their declared order (what charts and lists show). */
export const SENTIMENTS = Object.values(Sentiment);
export const FEEDBACK_CATEGORIES = Object.values(FeedbackCategory);
export const SOURCE_TYPES = ["observation", "decision", "rating", "report_confidence", "quality_score"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

type Term = { term: string; exact?: boolean };
const t = (...terms: string[]): Term[] => terms.map((x) => (x.endsWith("=") ? { term: x.slice(0, -1), exact: true } : { term: x }));

/** Keyword → sentiment. "word=" means an exact stem ("late" but not "later"). */
export const SENTIMENT_TERMS: Record<"positive" | "negative", Term[]> = {
  positive: t("thank", "great", "accur", "perfect", "excel", "love", "nice=", "brilliant", "concis", "spot-on"),
  negative: t("wrong", "miss", "confus", "late=", "slow=", "incorrect", "inaccur", "useless", "broken", "overdue", "verbos", "poor", "duplic", "ignor", "annoy", "unclear", "vagu"),
};

/** Keyword → category, tried in this order; the first category with a hit wins, else "general". */
export const CATEGORY_TERMS: [Exclude<FeedbackCategory, "general">, Term[]][] = [
  ["accuracy", t("estim", "accur", "inaccur", "wrong", "incorrect", "mistak", "number", "calcul")],
  ["timeliness", t("late=", "slow=", "overdue", "deadlin", "delay", "quick", "fast=", "wait")],
  ["prioritization", t("priorit", "urgent", "p1=", "p2=", "sever", "focus")],
  ["communication", t("summar", "report", "tone", "verbos", "unclear", "confus", "concis", "wordi", "vagu")],
  ["tooling", t("checklist", "tool=", "propos", "duplic", "status", "integr")],
];

/** Words that flip or blur a keyword ("not helpful", "wasn't late"): such texts go to the model. */
export const NEGATION_REGEX_SQL = String.raw`\m(not|no|never|hardly|without|nothing|none|nobody)\M|n't\M`;
const NEGATION_REGEX_JS = /\b(not|no|never|hardly|without|nothing|none|nobody)\b|n't\b/i;

/** Confidence stored for a rule-classified observation (keyword rules are good, not certain). */
export const OBSERVATION_RULE_CONFIDENCE = 0.8;

/** tsquery text (config 'simple', so the stems are not stemmed again) matching any of the terms. */
export function tsqueryOf(terms: Term[]): string {
  return terms.map(({ term, exact }) => (exact ? `'${term}'` : `'${term}':*`)).join(" | ");
}

const matches = (words: string[], terms: Term[]) => words.some((w) => terms.some(({ term, exact }) => (exact ? w === term : w.startsWith(term))));

export type RuleClassification = { sentiment: Sentiment; category: FeedbackCategory; confidence: number };

/**
 * Keyword rules for one observation. Returns null when the rules are not confident — no sentiment
 * keyword, keywords of both sentiments, or a negation anywhere — so the text goes to the model.
 */
export function classifyByRules(text: string): RuleClassification | null {
  if (NEGATION_REGEX_JS.test(text)) return null;
  const words = text.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean);
  const positive = matches(words, SENTIMENT_TERMS.positive);
  const negative = matches(words, SENTIMENT_TERMS.negative);
  if (positive === negative) return null;
  return { sentiment: positive ? "positive" : "negative", category: categoryOf(words), confidence: OBSERVATION_RULE_CONFIDENCE };
}

export function categoryOf(words: string[]): FeedbackCategory {
  for (const [category, terms] of CATEGORY_TERMS) if (matches(words, terms)) return category;
  return "general";
}

// ---- structured sources (all classifiedBy "rule", confidence 1) --------------------------------

/** Decision tool → category. */
export const TOOL_CATEGORY: Record<string, FeedbackCategory> = {
  propose_estimate: "accuracy",
  propose_status: "accuracy",
  propose_checklist_items: "prioritization",
};
export const DEFAULT_TOOL_CATEGORY: FeedbackCategory = "tooling";
export const VERDICT_SENTIMENT = { rejected: "negative", confirmed: "positive", deferred: "neutral" } as const satisfies Record<string, Sentiment>;

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
