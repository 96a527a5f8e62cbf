// `npm run train:classifier`: fits the offline feedback classifier on the corpus's training split
// (src/features/feedback/classifier/corpus/train.jsonl) and writes its weights file. Deterministic:
// the same corpus and settings give the same file. The test split is never read here.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { TRAINING_SETTINGS } from "@/features/feedback/classifier/train/settings";
import { trainClassifier, type GridPoint } from "@/features/feedback/classifier/train/train-classifier";
import { serializeWeights, WEIGHTS_FILE } from "@/features/feedback/classifier/weights-file";

const started = performance.now();
const file = corpusPath("train");
const examples = readLabeled(file);
console.log(`training on ${examples.length} texts (${file})`);
const { model, chosen, grid, crossValidation } = trainClassifier(examples, TRAINING_SETTINGS, (line) => console.log(`  ${line}`));
const round = (x: number | null) => (x === null ? null : Math.round(x * 10000) / 10000);
const rounded = (g: GridPoint) => ({
  l2: g.l2,
  accuracy: round(g.accuracy),
  ...(g.negativeRecall === null ? {} : { negativeShift: g.shift, negativeRecall: round(g.negativeRecall) }),
  ...(g.heldOutNegativeRecall === undefined ? {} : { heldOutNegativeRecall: round(g.heldOutNegativeRecall) }),
});
const meta = {
  generatedBy: "npm run train:classifier (scripts/train-classifier.ts): do not edit by hand",
  corpus: { file: "corpus/train.jsonl", sha256: createHash("sha256").update(readFileSync(file)).digest("hex"), examples: examples.length },
  seed: TRAINING_SETTINGS.seed,
  folds: TRAINING_SETTINGS.folds,
  minCount: TRAINING_SETTINGS.minCount,
  negativeRecallTarget: TRAINING_SETTINGS.negativeRecall.target,
  heldOutNegativeRecallTarget: TRAINING_SETTINGS.negativeRecall.heldOutTarget,
  chosen: { sentiment: rounded(chosen.sentiment), category: rounded(chosen.category) },
  grid: { sentiment: grid.sentiment.map(rounded), category: grid.category.map(rounded) },
  crossValidation: {
    sentiment: round(crossValidation.sentiment),
    category: round(crossValidation.category),
    both: round(crossValidation.both),
    negativeRecall: round(crossValidation.negativeRecall),
    macroF1: { sentiment: round(crossValidation.macroF1.sentiment), category: round(crossValidation.macroF1.category) },
    ece: round(crossValidation.ece),
  },
  features: { sentiment: Object.keys(model.sentiment.rows).length, category: Object.keys(model.category.rows).length },
};
const out = fileURLToPath(new URL(`../src/features/feedback/classifier/${WEIGHTS_FILE}`, import.meta.url));
writeFileSync(out, serializeWeights(meta, model));
console.log(`chosen: ${JSON.stringify(meta.chosen)}; features: ${JSON.stringify(meta.features)}`);
console.log(`cross-validation (${TRAINING_SETTINGS.folds}-fold): ${JSON.stringify(meta.crossValidation)}`);
console.log(`wrote ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
