import type { CalibrationBin, Confusion, EvaluationReport } from "./metrics";

// An evaluation report as plain text for the terminal.

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function confusionTable(title: string, c: Confusion): string[] {
  const short = c.labels.map((l) => l.slice(0, 8));
  const width = Math.max(...short.map((l) => l.length), 5) + 1;
  return [
    `${title} (rows: gold, columns: predicted)`,
    `  ${"".padEnd(15)}${short.map((l) => l.padStart(width)).join("")}`,
    ...c.counts.map((row, i) => `  ${c.labels[i].padEnd(15)}${row.map((n) => String(n).padStart(width)).join("")}`),
  ];
}

function binsTable(bins: CalibrationBin[]): string[] {
  return ["calibration (both right): bin  n  mean confidence  accuracy", ...bins.filter((b) => b.n > 0).map((b) => `  ${b.from.toFixed(1)}–${b.to.toFixed(1)}  ${String(b.n).padStart(4)}  ${b.confidence.toFixed(3)}  ${b.accuracy.toFixed(3)}`)];
}

export function formatReport(r: EvaluationReport): string {
  const group = (title: string, g: EvaluationReport["byHard"]) => [
    `${title}: n  sentiment  category  both`,
    ...Object.entries(g).map(([k, a]) => `  ${k.padEnd(12)} ${String(a.n).padStart(4)}  ${pct(a.sentiment).padStart(6)}  ${pct(a.category).padStart(6)}  ${pct(a.both).padStart(6)}`),
  ];
  return [
    `texts ${r.n}`,
    `accuracy: sentiment ${pct(r.sentiment)}, category ${pct(r.category)}, both ${pct(r.both)}`,
    `macro-F1: sentiment ${pct(r.macroF1.sentiment)}, category ${pct(r.macroF1.category)}`,
    `negative recall: ${pct(r.negativeRecall)}`,
    `expected calibration error (both right, 10 bins): ${r.ece === null ? "n/a (no confidences)" : `${r.ece.toFixed(3)} (a perfectly calibrated classifier would show ≈ ${r.eceNoise!.toFixed(3)} on ${r.n} texts, by chance)`}`,
    "",
    ...confusionTable("sentiment", r.confusion.sentiment),
    "",
    ...confusionTable("category", r.confusion.category),
    "",
    ...group("by hard kind", r.byHard),
    "",
    ...group("by source", r.bySource),
    ...(r.calibrationBins.length ? ["", ...binsTable(r.calibrationBins)] : []),
  ].join("\n");
}
