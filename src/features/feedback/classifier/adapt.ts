import type { FeedbackCategory, Sentiment } from "../rules";
import { classifyFeedbackText } from "./model";
import { stem, tokenize } from "./tokenize";
import type { FeedbackClassification, TextSource } from "./types";

// A workspace's adaptation of the shipped classifier, learned from its members' corrections and
// confirmations (features/feedback/README.md: "The classifier learns from the team"). Pure and
// deterministic: the same corrections give the same adaptation, JSON-serialisable (stored per
// workspace, versioned, in FeedbackAdaptation).
//
// This first version is a nearest-neighbour override: a text whose words are close enough
// (cosine of stemmed word and word-pair sets ≥ `threshold`) to corrected texts takes the label
// their similarity-weighted vote gives; any other text keeps the shipped model's label. So a
// correction of "Yes, go ahead." relabels "yes go ahead please" and leaves "the estimate was
// off" alone.

export type LabelCorrection = { text: string; source?: TextSource; sentiment: Sentiment; category: FeedbackCategory };

export type AdaptationExample = { terms: string[]; sentiment: Sentiment; category: FeedbackCategory };

export type Adaptation = {
  version: 1;
  kind: "neighbours";
  /** Least cosine similarity for a corrected text to speak for another. */
  threshold: number;
  examples: AdaptationExample[];
};

/** "Yes." and "Yes, go ahead." are alike (0.45); two texts sharing one word of five terms each are not (0.2). */
export const NEIGHBOUR_THRESHOLD = 0.4;

// Words too common to make two texts alike (a negation stays: "not" changes a verdict).
const STOP_WORDS = new Set(["a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "at", "by", "with", "it", "this", "that", "is", "are", "was", "were", "be", "i", "we", "you", "they", "he", "she", "my", "our", "your", "their", "its", "as", "so"]);

/** The text's terms: stemmed words (no stop words) and adjacent word pairs, sorted and distinct. */
export function adaptationTerms(text: string): string[] {
  const words = tokenize(text)
    .filter((t) => t.kind === "word" || t.kind === "number" || t.kind === "symbol")
    .map((t) => (t.kind === "word" ? stem(t.text) : t.text))
    .filter((w) => !STOP_WORDS.has(w));
  const terms = new Set(words);
  for (let i = 1; i < words.length; i++) terms.add(`${words[i - 1]} ${words[i]}`);
  return [...terms].sort();
}

function cosine(a: readonly string[], b: ReadonlySet<string>): number {
  if (!a.length || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.sqrt(a.length * b.size);
}

/**
 * The adaptation of these corrections (the newest correction of a text wins: same terms, later in
 * the list). `seed` is accepted for implementations that sample; this one does not.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the interface's options (seed), unused by this version
export function trainAdaptation(corrections: LabelCorrection[], options: { seed?: number } = {}): Adaptation {
  const byTerms = new Map<string, AdaptationExample>();
  for (const c of corrections) {
    const terms = adaptationTerms(c.text);
    if (!terms.length) continue;
    const key = terms.join("\u0000");
    byTerms.delete(key); // keeps insertion order = the newest correction's position
    byTerms.set(key, { terms, sentiment: c.sentiment, category: c.category });
  }
  return { version: 1, kind: "neighbours", threshold: NEIGHBOUR_THRESHOLD, examples: [...byTerms.values()] };
}

/**
 * Sentiment, category and confidence of one text with the workspace's adaptation (null: the
 * shipped model's `classifyFeedbackText`). A text near corrected ones takes their vote; its
 * confidence is the vote's share times the nearest one's similarity (at least the shipped model's
 * when they agree).
 */
export function classifyWithAdaptation(adaptation: Adaptation | null, text: string, source?: TextSource): FeedbackClassification {
  const base = classifyFeedbackText(text, source);
  if (!adaptation?.examples.length) return base;
  const terms = new Set(adaptationTerms(text));
  const votes = new Map<string, number>();
  let total = 0;
  let nearest = 0;
  for (const e of adaptation.examples) {
    const similarity = cosine(e.terms, terms);
    if (similarity < adaptation.threshold) continue;
    const key = `${e.sentiment}/${e.category}`;
    votes.set(key, (votes.get(key) ?? 0) + similarity);
    total += similarity;
    nearest = Math.max(nearest, similarity);
  }
  if (!total) return base;
  // The heaviest vote; ties go to the label that sorts first (deterministic whatever the order).
  const [label, weight] = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const [sentiment, category] = label.split("/") as [Sentiment, FeedbackCategory];
  const confidence = Math.round(Math.min(0.99, (weight / total) * nearest) * 1e4) / 1e4;
  if (sentiment === base.sentiment && category === base.category) return { ...base, confidence: Math.max(base.confidence, confidence) };
  return { sentiment, category, confidence };
}
