import { z } from "zod";
import { lexiconGroups } from "./lexicon";
import { stem, tokenize, type Token } from "./tokenize";
import type { TextSource } from "./types";

// Text → sparse feature vector (feature name → value) for the classifier. Choices that the
// cross-validation settled are options, stored with the weights, so inference always builds the
// features the weights were trained on.

export const FeatureOptionsSchema = z.object({
  /** Strip common suffixes (tokenize.ts `stem`). */
  stem: z.boolean(),
  /** Adjacent word pairs inside a clause. */
  bigrams: z.boolean(),
  /** Prefix NOT_ to the words after a negator, up to the next punctuation or contrast word. */
  negation: z.boolean(),
  /** At most this many words in a negation's scope (0: up to the clause's end). */
  negationScope: z.number(),
  /** Weight of the words before the last contrast word ("but", "however", …) and after it. */
  contrastBefore: z.number(),
  contrastAfter: z.number(),
  /** The words after the last contrast word also give "a:" features of their own. */
  contrastMarker: z.boolean(),
  /** Question mark, "?" with a number, exclamation, capitals, length, quoted numbers. */
  cues: z.boolean(),
  /** The text's source (observation, rejection, comment) as a feature. */
  source: z.boolean(),
  /** Word groups of lexicon.ts as features of their own. */
  lexicon: z.boolean(),
  /** Scale the vector to unit length. */
  normalize: z.boolean(),
  /** Character n-grams (3 up to this length) of each word, weighted by `charWeight` (0: none). */
  charGrams: z.number().default(0),
  charWeight: z.number().default(0.5),
  /**
   * Reported speech ("the customer says the export is broken"): the words after a reporting verb
   * of someone else, to the sentence's end or a contrast, are theirs, not a verdict on the agent.
   * 0: not marked; 1: their lexicon groups get an R_ prefix; 2: their words (unigrams, bigrams)
   * too. Their character n-grams stay unmarked: they carry the word's form, not its speaker.
   */
  reported: z.number().default(0),
});
export type FeatureOptions = z.infer<typeof FeatureOptionsSchema>;

export const DEFAULT_FEATURE_OPTIONS: FeatureOptions = {
  stem: true,
  bigrams: true,
  negation: true,
  negationScope: 0,
  contrastBefore: 0.5,
  contrastAfter: 1.5,
  contrastMarker: true,
  cues: true,
  source: true,
  lexicon: true,
  normalize: true,
  charGrams: 5,
  charWeight: 0.5,
  reported: 0,
};

export type FeatureVector = Map<string, number>;

const NEGATORS = new Set(["not", "no", "never", "without", "nothing", "none", "nobody", "hardly", "barely", "neither", "nor", "nowhere", "lacks", "lacking"]);
const CONTRASTS = new Set(["but", "however", "though", "although", "yet", "except", "whereas"]);
// "Although the summary was good, the numbers were wrong": the concession runs to the comma.
const LEADING_CONCESSIONS = new Set(["although", "though", "while", "despite"]);
const CLAUSE_END = new Set([".", "!", "?", ";", ":", ",", "(", ")", "…"]);
const SENTENCE_END = new Set([".", "!", "?", ";", "…"]);

type Weighted = { word: string; term: string; negated: boolean; reported: boolean; weight: number; after: boolean; segment: number };

// Someone other than the writer, and the verbs that report what they said or felt (is/are/was:
// "the customer is furious about the outage"). REPORTING is the narrower list of the
// "cue:others-voice" feature, kept as it was measured.
const OTHERS = new Set(["customer", "customers", "user", "users", "client", "clients", "they", "prospect", "candidate", "vendor", "employee", "employees", "partner", "requester", "caller"]);
const REPORTING = new Set(["says", "said", "reports", "reported", "writes", "wrote", "complains", "complained", "insists", "claims", "asks", "asked", "mentions", "mentioned", "is", "are", "was", "were", "thinks", "wants"]);
const REPORT_SCOPE = new Set(["says", "said", "saying", "reports", "reported", "writes", "wrote", "complains", "complained", "insists", "insisted", "claims", "claimed", "thinks", "thought", "believes", "feels", "felt", "calls", "called", "mentions", "mentioned", "demands", "threatens", "is", "are", "was", "were", "hates", "finds", "found"]);

/**
 * Whether a text has something the `negation` and `reported` options mark (a negator, or someone
 * else's reporting verb): without one, those options change nothing.
 */
export function hasMarks(tokens: Token[]): boolean {
  // Conservative: any reporting verb and anyone else anywhere in the text (a superset of what opens a scope).
  return tokens.some((t) => NEGATORS.has(t.text)) || (tokens.some((t) => REPORT_SCOPE.has(t.text)) && tokens.some((t) => OTHERS.has(t.text)));
}

/** Word tokens with their clause weight, negation prefix and the segment (between punctuation) they sit in. */
function weightedWords(tokens: Token[], o: FeatureOptions): Weighted[] {
  const out: Weighted[] = [];
  let negationLeft = 0;
  let segment = 0;
  let sentenceStart = true;
  let concessionOpen = false;
  let reportedOpen = false;
  // Words before this index were said before the last contrast: the ones after carry the verdict.
  let contrastAt = -1;
  for (const token of tokens) {
    if (token.kind === "punct") {
      if (SENTENCE_END.has(token.text)) reportedOpen = false;
      if (CLAUSE_END.has(token.text)) {
        negationLeft = 0;
        segment++;
        if (concessionOpen && token.text === ",") [contrastAt, concessionOpen] = [out.length, false];
      }
      sentenceStart = SENTENCE_END.has(token.text);
      continue;
    }
    const word = token.text;
    if (CONTRASTS.has(word) && !(word === "yet" && negationLeft !== 0)) {
      if (sentenceStart && LEADING_CONCESSIONS.has(word)) concessionOpen = true;
      else contrastAt = out.length;
      negationLeft = 0;
      reportedOpen = false;
      segment++;
      sentenceStart = false;
      continue;
    }
    sentenceStart = false;
    const term = o.stem && token.kind === "word" ? stem(word) : word;
    const negated = o.negation && negationLeft !== 0;
    const reported = o.reported > 0 && reportedOpen;
    const marked = negated ? `NOT_${term}` : term;
    out.push({ word, term: reported && o.reported > 1 ? `R_${marked}` : marked, negated, reported, weight: 1, after: false, segment });
    if (o.reported > 0 && !reportedOpen && REPORT_SCOPE.has(word) && [1, 2].some((d) => OTHERS.has(out[out.length - 1 - d]?.word))) reportedOpen = true;
    if (negationLeft > 0) negationLeft--;
    if (NEGATORS.has(word)) negationLeft = o.negationScope > 0 ? o.negationScope : -1;
  }
  if (contrastAt >= 0) out.forEach((w, i) => (i < contrastAt ? (w.weight = o.contrastBefore) : ([w.weight, w.after] = [o.contrastAfter, true])));
  return out;
}

// Character n-grams of a word ("<word>" padded, 3 up to `max` letters), as feature names. Words
// repeat across texts, so each word's list is kept (a bounded cache: only speed depends on it).
const charGramCache = new Map<string, string[]>();
function charGramsOf(word: string, negated: boolean, max: number): string[] {
  const key = `${max}${negated ? "!" : ":"}${word}`;
  let grams = charGramCache.get(key);
  if (grams) return grams;
  const padded = `<${word}>`;
  const prefix = negated ? "c:NOT_" : "c:";
  grams = [];
  for (let n = 3; n <= max; n++) for (let i = 0; i + n <= padded.length; i++) grams.push(prefix + padded.slice(i, i + n));
  if (charGramCache.size >= 50_000) charGramCache.clear();
  charGramCache.set(key, grams);
  return grams;
}

function add(v: FeatureVector, name: string, value: number) {
  v.set(name, (v.get(name) ?? 0) + value);
}

// "The customer says the export is broken": the complaint words are the customer's problem, not a
// verdict on the agent (labeling guide, rule 1). The cue's own list of others, kept as it was measured.
const OTHERS_CUE = new Set(["customer", "customers", "user", "users", "client", "clients", "they", "prospect", "candidate", "vendor"]);

function cues(text: string, tokens: Token[], v: FeatureVector) {
  const numbers = tokens.filter((t) => t.kind === "number").length;
  const words = tokens.filter((t) => t.kind === "word").length;
  if (text.includes("?")) add(v, "cue:question", 1);
  // "Why is the estimate 3 days?" — a question about a figure is usually a complaint.
  if (text.includes("?") && numbers > 0) add(v, "cue:question-number", 1);
  if (text.includes("!")) add(v, "cue:exclamation", 1);
  if (tokens.some((t, i) => OTHERS_CUE.has(t.text) && [1, 2].some((d) => REPORTING.has(tokens[i + d]?.text)))) add(v, "cue:others-voice", 1);
  if (tokens.some((t) => t.caps)) add(v, "cue:caps", 1);
  if (numbers > 0) add(v, "cue:number", 1);
  if (numbers > 1) add(v, "cue:numbers", 1);
  // A figure quoted back ("30 minutes"?) is usually disputed.
  if (/["“][^"”]*\d[^"”]*["”]/.test(text)) add(v, "cue:quoted-number", 1);
  // "4/5", "10/10", "2 out of 5": a rating says the sentiment outright.
  const rating = /(\d+(?:\.\d+)?)\s*(?:\/|out of)\s*(5|10)\b/.exec(text);
  if (rating) {
    const share = Number(rating[1]) / Number(rating[2]);
    add(v, `cue:rating-${share >= 0.8 ? "high" : share <= 0.4 ? "low" : "middle"}`, 1);
  }
  add(v, `cue:length-${words <= 3 ? "tiny" : words <= 8 ? "short" : words <= 20 ? "medium" : "long"}`, 1);
}

export function featuresOf(text: string, source: TextSource | undefined, o: FeatureOptions = DEFAULT_FEATURE_OPTIONS): FeatureVector {
  return featuresOfTokens(text, tokenize(text), source, o);
}

/** `featuresOf` for a text already tokenized (the two heads share one tokenization). */
export function featuresOfTokens(text: string, tokens: Token[], source: TextSource | undefined, o: FeatureOptions): FeatureVector {
  const v: FeatureVector = new Map();
  const words = weightedWords(tokens, o);
  const groups = new Set<string>();
  words.forEach((w, i) => {
    add(v, `u:${w.term}`, w.weight);
    if (o.contrastMarker && w.after) add(v, `a:${w.term}`, w.weight);
    const previous = words[i - 1];
    if (o.bigrams && previous && previous.segment === w.segment) add(v, `b:${previous.term} ${w.term}`, w.weight);
    if (o.charGrams > 0 && w.word.length > 3) for (const gram of charGramsOf(w.word, w.negated, o.charGrams)) add(v, gram, w.weight * o.charWeight);
    if (!o.lexicon) return;
    for (const group of lexiconGroups(w.word)) {
      const name = `lex:${w.reported ? "R_" : ""}${w.negated ? "NOT_" : ""}${group}`;
      add(v, name, w.weight);
      groups.add(name);
    }
  });
  // Praise next to a complaint: sarcasm, or a mixed verdict.
  if (groups.has("lex:praise") && groups.has("lex:complaint")) add(v, "lex:praise+complaint", 1);
  if (o.cues) cues(text, tokens, v);
  if (o.source && source) add(v, `s:${source}`, 1);
  if (o.normalize) {
    let norm = 0;
    for (const x of v.values()) norm += x * x;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [k, x] of v) v.set(k, x * scale);
  }
  return v;
}
