// How far a second reader agrees with the test split's labels, and how the shipped classifier does
// on the texts both readers label alike (classifier README, "A second reader"). Not part of the
// product; kept so the figures can be re-measured:
//
//   npx tsx scripts/experiments/annotator-agreement.ts
//
// corpus/test.second-reader.jsonl holds, per test text, the labels of a reader who saw only the
// labeling guide and the texts with their sources (never the labels): {"text", "sentiment", "category"}.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CORPUS_DIR, corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { LabeledExampleSchema } from "@/features/feedback/classifier/types";

const SecondReading = LabeledExampleSchema.pick({ text: true, sentiment: true, category: true });
const second = new Map(
  readFileSync(path.join(CORPUS_DIR, "test.second-reader.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => SecondReading.parse(JSON.parse(line)))
    .map((r) => [r.text, r] as const),
);
const test = readLabeled(corpusPath("test"));
const missing = test.filter((e) => !second.has(e.text));
if (missing.length) throw new Error(`${missing.length} test texts have no second reading (first: ${missing[0].text})`);

type Labels = { sentiment: string; category: string };
const same = (a: Labels, b: Labels) => a.sentiment === b.sentiment && a.category === b.category;
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;

let sentiment = 0, category = 0, both = 0, rightWhereAgreed = 0, rightWhereNot = 0, secondWhereNot = 0;
const confusions = new Map<string, number>();
for (const example of test) {
  const other = second.get(example.text)!;
  const predicted = classifyFeedbackText(example.text, example.source);
  sentiment += Number(example.sentiment === other.sentiment);
  category += Number(example.category === other.category);
  if (same(example, other)) {
    both++;
    rightWhereAgreed += Number(same(predicted, example));
  } else {
    rightWhereNot += Number(same(predicted, example));
    secondWhereNot += Number(same(predicted, other));
  }
  if (example.category !== other.category) {
    const key = `${example.category} → ${other.category}`;
    confusions.set(key, (confusions.get(key) ?? 0) + 1);
  }
}
const n = test.length;
console.log(`test split: ${n} texts; the second reader agrees on sentiment ${pct(sentiment, n)}, category ${pct(category, n)}, both ${pct(both, n)}`);
console.log(`classifier, both right: ${pct(rightWhereAgreed, both)} of the ${both} texts the readers label alike;`);
console.log(`  of the ${n - both} they label apart: ${rightWhereNot} as the split, ${secondWhereNot} as the second reader`);
console.log(`category disagreements (split → second reader): ${[...confusions].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);
