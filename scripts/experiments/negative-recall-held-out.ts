// Negative recall on feedback written unlike the training text: each group of the labeled corpus
// (a source, or a hard kind) is held out in turn, a base model is fitted on the rest with the shipped
// settings but no negative shift, and the held-out group is labelled at each shift of the sentiment
// head's "negative" bias (classifier README, "Negative shift"). Raising the bias needs no refit, so
// one fit per group gives every shift. Not part of the product; kept so the figures can be re-measured:
//
//   npx tsx scripts/experiments/negative-recall-held-out.ts [shifts=0,0.1,0.2,…]
import { corpusPath, readLabeled } from "@/features/feedback/classifier/corpus-file";
import { compileModel, predict } from "@/features/feedback/classifier/predict";
import { encode, fitHead, vectorsOf, type HeadName } from "@/features/feedback/classifier/train/fit-head";
import { GROUPS } from "@/features/feedback/classifier/train/held-out-groups";
import { shippedSettings } from "../lib/adaptation-lab";

const shifts = (process.argv[2] ?? "0,0.1,0.2,0.3,0.4,0.5,0.6,0.8,1").split(",").map(Number);
const examples = [...readLabeled(corpusPath("train")), ...readLabeled(corpusPath("test"))];
const settings = shippedSettings();
const pct = (x: number) => `${(100 * x).toFixed(1)}`;
console.log(`negative recall / both right (%) on each held-out group, by shift of the "negative" bias`);
console.log(`${"group".padEnd(16)} ${"texts".padStart(5)} ${"neg".padStart(4)}  ${shifts.map((s) => `+${s}`.padStart(11)).join(" ")}`);
const totals = shifts.map(() => ({ recall: 0, both: 0, precision: 0 }));
for (const { name, inGroup } of GROUPS) {
  const held = examples.filter(inGroup);
  const rest = examples.filter((e) => !inGroup(e));
  const head = (name: HeadName) => fitHead(name, rest, encode(vectorsOf(rest, settings.features[name]), settings.minCount), settings.features[name], settings.l2[name]).head;
  const [sentiment, category] = [head("sentiment"), head("category")];
  const negative = sentiment.labels.indexOf("negative");
  const cells = shifts.map((shift, j) => {
    const bias = sentiment.bias.map((b, k) => (k === negative ? b + shift : b));
    const model = compileModel({ sentiment: { ...sentiment, bias }, category, calibration: settings.calibration });
    const labels = held.map((e) => predict(model, e.text, e.source));
    const found = held.filter((e, i) => e.sentiment === "negative" && labels[i].sentiment === "negative").length;
    const recall = found / Math.max(1, held.filter((e) => e.sentiment === "negative").length);
    const precision = found / Math.max(1, labels.filter((l) => l.sentiment === "negative").length);
    const both = held.filter((e, i) => e.sentiment === labels[i].sentiment && e.category === labels[i].category).length / held.length;
    totals[j].recall += recall / GROUPS.length;
    totals[j].both += both / GROUPS.length;
    totals[j].precision += precision / GROUPS.length;
    return `${pct(recall)}/${pct(both)}`.padStart(11);
  });
  console.log(`${name.padEnd(16)} ${String(held.length).padStart(5)} ${String(held.filter((e) => e.sentiment === "negative").length).padStart(4)}  ${cells.join(" ")}`);
}
console.log(`${"mean".padEnd(16)} ${"".padStart(5)} ${"".padStart(4)}  ${totals.map((t) => `${pct(t.recall)}/${pct(t.both)}`.padStart(11)).join(" ")}`);
console.log(`${"mean precision".padEnd(16)} ${"".padStart(5)} ${"".padStart(4)}  ${totals.map((t) => pct(t.precision).padStart(11)).join(" ")}`);
