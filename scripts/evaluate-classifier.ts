// `npm run eval:classifier [-- --provider] [--json] [--file <labeled.jsonl>]`: a classifier's figures
// on a labeled set (default: the corpus's held-out test split,
// src/features/feedback/classifier/corpus/test.jsonl): accuracy per field and of both, macro-F1,
// negative recall, confusion matrices, expected calibration error, and accuracy per hard kind and
// per source. `--json` prints the report as one JSON object.
//
// Every text goes through the product's free-text pipeline (scripts/lib/classify-texts.ts, what
// `npm run classify` runs): by default with the built-in classifier; with `--provider`, with the
// configured classifier model (AI_PROVIDER, AI_MODEL_CLASSIFIER…), so a team can measure its model.
//
// `npm run eval:classifier -- --adapt [K,K…] [--group source:observation|hard:domain…] [--l2 λ] [--json]`:
// the adaptation loop simulated per held-out group of the corpus (classifier/evaluate-adaptation.ts;
// default K = 0,10,25,50,100, every source and hard kind).
import { getModel } from "@/ai/models";
import { builtinModel } from "@/ai/providers/builtin";
import { env } from "@/env";
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { evaluateClassifier, type BatchClassifier } from "@/features/feedback/classifier/evaluate";
import { formatReport } from "@/features/feedback/classifier/format-report";
import { classifyTexts } from "./lib/classify-texts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const valueOf = (flag: string) => (args.indexOf(flag) >= 0 ? args[args.indexOf(flag) + 1] : undefined);
if (args.includes("--adapt")) {
  const { runAdaptationLab } = await import("./lib/adaptation-lab");
  const k = valueOf("--adapt");
  await runAdaptationLab({ ks: k && /^[\d,]+$/.test(k) ? k.split(",").map(Number) : undefined, group: valueOf("--group"), l2: valueOf("--l2") ? Number(valueOf("--l2")) : undefined, json });
  process.exit(0);
}
const provider = args.includes("--provider");
const fileAt = args.indexOf("--file");
const file = fileAt >= 0 ? args[fileAt + 1] : corpusPath("test");
if (provider && !env.AI_PROVIDER) {
  console.error("--provider measures the configured model: set AI_PROVIDER (and its key, AI_MODEL_CLASSIFIER…) first.");
  process.exit(1);
}
const model = provider ? getModel("classifier") : builtinModel("classifier");
const name = provider ? `the configured classifier model (${env.AI_PROVIDER}${env.AI_MODEL_CLASSIFIER || env.AI_MODEL ? `, ${env.AI_MODEL_CLASSIFIER || env.AI_MODEL}` : ""})` : "the built-in classifier";

let unlabeled = 0;
const throughProduct: BatchClassifier = async (inputs) => {
  const results = await classifyTexts(inputs, { model, onBatch: (done) => provider && !json && process.stderr.write(`\r${done}/${inputs.length}`) });
  if (provider && !json) process.stderr.write("\n");
  // A text the model gave no label stays waiting in the product; here it counts as wrong on both fields.
  return results.map((r) => ("error" in r ? (unlabeled++, { sentiment: "neutral", category: "general", confidence: 0 }) : r));
};

const report = await evaluateClassifier(readLabeled(file), throughProduct);
if (json) console.log(JSON.stringify({ ...report, unlabeled }));
else console.log(`${name} on ${file}${unlabeled ? ` (${unlabeled} texts got no label: counted as neutral/general, confidence 0)` : ""}\n\n${formatReport(report)}`);
