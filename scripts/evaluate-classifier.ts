// `npm run eval:classifier [-- --json]`: the offline feedback classifier's figures on the corpus's
// held-out test split (src/features/feedback/classifier/corpus/test.jsonl): accuracy per field and
// of both, macro-F1, negative recall, confusion matrices, expected calibration error, and accuracy
// per hard kind and per source. `--json` prints the report as one JSON object.
//
// The evaluator takes any BatchClassifier (texts in, labels out, in order): to measure the
// configured model through its provider, add a `--provider` mode that builds one around it.
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { evaluateClassifier, type BatchClassifier } from "@/features/feedback/classifier/evaluate";
import { formatReport } from "@/features/feedback/classifier/format-report";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";

const offline: BatchClassifier = async (inputs) => inputs.map((i) => classifyFeedbackText(i.text, i.source));

const json = process.argv.includes("--json");
const examples = readLabeled(corpusPath("test"));
const report = await evaluateClassifier(examples, offline);
console.log(json ? JSON.stringify(report) : `offline classifier on ${corpusPath("test")}\n\n${formatReport(report)}`);
