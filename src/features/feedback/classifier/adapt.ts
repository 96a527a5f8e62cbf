import { z } from "zod";
import { FEEDBACK_CATEGORIES, SENTIMENTS, type FeedbackCategory, type Sentiment } from "../rules";
import { featuresOf } from "./features";
import { shippedModel } from "./model";
import { compileRows, headLogits, predict, type CompiledHead, type CompiledModel } from "./predict";
import { stem, tokenize } from "./tokenize";
import { encode, type HeadName } from "./train/fit-head";
import { fitSoftmax } from "./train/softmax-regression";
import type { FeedbackClassification, TextSource } from "./types";

// A workspace's adaptation of the shipped classifier, learned from its members' corrections and
// confirmations (features/feedback/README.md: "The classifier learns from the team"). Pure and
// deterministic: the same corrections give the same adaptation, JSON-serialisable (stored per
// workspace, versioned, in FeedbackAdaptation).
//
// Version 2 (weights): per head, a correction to the shipped weights of the features the
// corrected texts contain — the team's own words included, which the shipped vocabulary may not
// have. Fitted as a maximum a-posteriori adaptation: the shipped model's logits are the starting
// point (an offset), the delta minimises the corrections' summed cross-entropy plus an L2 penalty
// that keeps it near zero, so a handful of corrections moves only what they agree on, and a
// hundred move the team's vocabulary as a whole. The bias is not adapted: a text sharing no
// feature with the corrections keeps the shipped logits.
//
// Version 1 (neighbours: a text whose words were close to corrected ones took their vote) is what
// workspaces stored before; it still classifies. It was replaced because it measured worse: on
// held-out styles of the corpus, 50 corrections gained 16.8 points with both and 17.7 with the
// weights alone (`npm run eval:classifier -- --adapt`), and near texts often carry opposite
// labels ("late" / "not late").

export type LabelCorrection = { text: string; source?: TextSource; sentiment: Sentiment; category: FeedbackCategory };

const ExampleSchema = z.object({ terms: z.array(z.string()), sentiment: z.enum(SENTIMENTS), category: z.enum(FEEDBACK_CATEGORIES) });
export type AdaptationExample = z.infer<typeof ExampleSchema>;
const RowsSchema = z.record(z.string(), z.array(z.number()));

export const AdaptationSchema = z.discriminatedUnion("version", [
  z.object({ version: z.literal(1), kind: z.literal("neighbours"), threshold: z.number(), examples: z.array(ExampleSchema) }),
  z.object({
    version: z.literal(2),
    kind: z.literal("weights"),
    /** Corrected texts that speak for near-duplicates of theirs (cosine ≥ `threshold`). */
    threshold: z.number(),
    examples: z.array(ExampleSchema),
    /** The L2 strength the delta was fitted with (per correction: the penalty does not shrink as corrections grow). */
    l2: z.number(),
    weights: z.object({ sentiment: RowsSchema, category: RowsSchema }),
  }),
]);
export type Adaptation = z.infer<typeof AdaptationSchema>;

/**
 * The delta's L2 strength (the penalty is λ/2·‖Δ‖² against the corrections' summed cross-entropy).
 * Chosen with `npm run eval:classifier -- --adapt` (classifier README, "Adaptation").
 */
export const ADAPTATION_L2 = 0.03;
/**
 * A corrected text speaks for another whose terms are this close (cosine): "yes go ahead please"
 * to "Yes, go ahead." (0.85), not "Yes." to it (0.38).
 */
export const DUPLICATE_THRESHOLD = 0.7;
/** Delta entries smaller than this are dropped (they change no label; they would only fill the stored JSON). */
const MIN_DELTA = 1e-3;

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


/**
 * The newest correction of each text (same terms: "Yes, go ahead." and "yes go ahead"), in the order
 * of their newest position: what an adaptation learns from, and what its held-out check counts — a
 * text labelled on many identical items is one example, never in two folds at once.
 */
export function distinctCorrections(corrections: LabelCorrection[]): LabelCorrection[] {
  return newestPerText(corrections).map(({ text, source, sentiment, category }) => ({ text, source, sentiment, category }));
}

function newestPerText(corrections: LabelCorrection[]): (LabelCorrection & { terms: string[] })[] {
  const byTerms = new Map<string, LabelCorrection & { terms: string[] }>();
  for (const c of corrections) {
    const terms = adaptationTerms(c.text);
    if (!terms.length) continue;
    const key = terms.join("\u0000");
    byTerms.delete(key); // keeps insertion order = the newest correction's position
    byTerms.set(key, { ...c, terms });
  }
  return [...byTerms.values()];
}

const FIXED = ["cue:", "s:"];
/**
 * Only what a text says is adapted — its words, word pairs, character n-grams, lexicon groups —
 * not its form (length, punctuation, capitals: `cue:`) nor its source (`s:`), which every text
 * has: corrections of short replies must not move every short text.
 */
const adaptable = (feature: string) => !FIXED.some((p) => feature.startsWith(p));

/**
 * Lexicon groups are adapted, but held 11× harder: a group is shared by many texts ("yes" and
 * "summary" are both `lex:general`), so two corrections of "Yes." must not move every text of the
 * group. A feature scaled by c under the same penalty is a penalty 1/c² as strong; the stored
 * delta is the fitted one times c, so inference reads the unscaled feature.
 */
const LEXICON_SCALE = 0.3;
const shrink = (feature: string) => (feature.startsWith("lex:") ? LEXICON_SCALE : 1);

/** One head's delta: MAP adaptation on top of `head`'s logits (see the top of the file). */
function fitDelta(head: CompiledHead, name: HeadName, corrections: LabelCorrection[], l2: number): Record<string, number[]> {
  const n = corrections.length;
  if (!n) return {};
  const K = head.labels.length;
  const vectors = corrections.map((c) => featuresOf(c.text, c.source, head.features));
  const { vocabulary, rows } = encode(
    vectors.map((v) => new Map([...v].filter(([name]) => adaptable(name)).map(([name, x]) => [name, x * shrink(name)]))),
    1,
  );
  const offsets = vectors.map((v) => headLogits(head, v));
  const gold = corrections.map((c) => head.labels.indexOf(c[name]));
  // fitSoftmax minimises the mean cross-entropy: λ/n there is λ against the sum here.
  const m = fitSoftmax(rows, gold, K, vocabulary.length, l2 / n, { offsets, bias: false });
  const delta: Record<string, number[]> = {};
  vocabulary.forEach((feature, f) => {
    const row = Array.from(m.weights.subarray(f * K, (f + 1) * K), (x) => Math.round(x * shrink(feature) * 1e4) / 1e4);
    if (row.some((x) => Math.abs(x) >= MIN_DELTA)) delta[feature] = row;
  });
  return delta;
}

/**
 * The adaptation of these corrections (the newest correction of a text wins: same terms, later in
 * the list), on top of `base` (default: the shipped model; the adaptation lab passes a model
 * trained without the style it holds out). `seed` is accepted for implementations that sample;
 * this one does not.
 */
export function trainAdaptation(corrections: LabelCorrection[], options: { seed?: number; l2?: number; base?: CompiledModel } = {}): Adaptation {
  const { l2 = ADAPTATION_L2, base = shippedModel() } = options;
  const texts = newestPerText(corrections);
  return {
    version: 2,
    kind: "weights",
    threshold: DUPLICATE_THRESHOLD,
    examples: texts.map(({ terms, sentiment, category }) => ({ terms, sentiment, category })),
    l2,
    weights: { sentiment: fitDelta(base.sentiment, "sentiment", texts, l2), category: fitDelta(base.category, "category", texts, l2) },
  };
}

// Compiled adapted models, per base model and adaptation object (an adaptation read from the
// database is validated and compiled once per object).
type CompiledAdaptation = { adaptation: Adaptation; model: CompiledModel; /** term → the examples that have it */ byTerm: Map<string, number[]> };
const compiledAdaptations = new WeakMap<CompiledModel, WeakMap<object, CompiledAdaptation>>();

function adapted(adaptation: unknown, base: CompiledModel): CompiledAdaptation {
  let perBase = compiledAdaptations.get(base);
  if (!perBase) compiledAdaptations.set(base, (perBase = new WeakMap()));
  const key = adaptation as object;
  const hit = perBase.get(key);
  if (hit) return hit;
  const parsed = AdaptationSchema.parse(adaptation);
  const model: CompiledModel =
    parsed.version === 1
      ? base
      : {
          ...base,
          sentiment: { ...base.sentiment, delta: compileRows(parsed.weights.sentiment, base.sentiment.labels.length) },
          category: { ...base.category, delta: compileRows(parsed.weights.category, base.category.labels.length) },
        };
  const byTerm = new Map<string, number[]>();
  parsed.examples.forEach((e, i) => e.terms.forEach((t) => byTerm.get(t)?.push(i) ?? byTerm.set(t, [i])));
  const entry = { adaptation: parsed, model, byTerm };
  perBase.set(key, entry);
  return entry;
}

/**
 * Sentiment, category and confidence of one text with the workspace's adaptation (null: the
 * shipped model's): the adapted weights (version 2), or the neighbours' vote (version 1: a text
 * near corrected ones takes their similarity-weighted vote, its confidence the vote's share times
 * the nearest one's similarity). An adaptation that is not of a known shape throws (it is
 * validated here, once per object).
 */
export function classifyWithAdaptation(adaptation: unknown, text: string, source?: TextSource, base: CompiledModel = shippedModel()): FeedbackClassification {
  if (!adaptation) return predict(base, text, source);
  const { adaptation: a, model, byTerm } = adapted(adaptation, base);
  const label = predict(model, text, source);
  if (!a.examples.length) return label;
  // Cosine of term sets, over the examples that share a term with the text (the index).
  const terms = adaptationTerms(text);
  const shared = new Map<number, number>();
  for (const t of terms) for (const i of byTerm.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  const votes = new Map<string, number>();
  let total = 0;
  let nearest = 0;
  for (const [i, n] of shared) {
    const e = a.examples[i];
    const similarity = n / Math.sqrt(e.terms.length * terms.length);
    if (similarity < a.threshold) continue;
    const key = `${e.sentiment}/${e.category}`;
    votes.set(key, (votes.get(key) ?? 0) + similarity);
    total += similarity;
    nearest = Math.max(nearest, similarity);
  }
  if (!total) return label;
  // The heaviest vote; ties go to the label that sorts first (deterministic whatever the order).
  const [vote, weight] = [...votes].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
  const [sentiment, category] = vote.split("/") as [Sentiment, FeedbackCategory];
  const confidence = Math.round(Math.min(0.99, (weight / total) * nearest) * 1e4) / 1e4;
  if (sentiment === label.sentiment && category === label.category) return { ...label, confidence: Math.max(label.confidence, confidence) };
  return { sentiment, category, confidence };
}
