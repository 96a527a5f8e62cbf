import { FEEDBACK_CATEGORIES, SENTIMENTS } from "../rules";
import type { FeedbackLabels, LabeledExample } from "./types";

// The figures the classifier is judged by, for any predictions of a labeled set: accuracy per
// field and of both, macro-F1, negative recall, confusion matrices, expected calibration error
// and accuracy per hard kind.

export type Prediction = FeedbackLabels & { confidence?: number };

type Accuracy = { n: number; sentiment: number; category: number; both: number };
export type Confusion = { labels: string[]; /** counts[gold][predicted] */ counts: number[][] };
export type CalibrationBin = { from: number; to: number; n: number; confidence: number; accuracy: number };

export type EvaluationReport = Accuracy & {
  macroF1: { sentiment: number; category: number };
  negativeRecall: number;
  confusion: { sentiment: Confusion; category: Confusion };
  /** Expected calibration error of `confidence` for "both labels right" (10 equal-width bins); null without confidences. */
  ece: number | null;
  /** The ECE a perfectly calibrated classifier with the same confidences would show on this many texts, by chance alone. */
  eceNoise: number | null;
  calibrationBins: CalibrationBin[];
  byHard: Record<string, Accuracy>;
  bySource: Record<string, Accuracy>;
};

function accuracy(pairs: { gold: FeedbackLabels; predicted: Prediction }[]): Accuracy {
  const n = pairs.length;
  const share = (ok: (p: (typeof pairs)[number]) => boolean) => (n ? pairs.filter(ok).length / n : 0);
  return {
    n,
    sentiment: share((p) => p.gold.sentiment === p.predicted.sentiment),
    category: share((p) => p.gold.category === p.predicted.category),
    both: share((p) => p.gold.sentiment === p.predicted.sentiment && p.gold.category === p.predicted.category),
  };
}

function confusion(labels: readonly string[], gold: string[], predicted: string[]): Confusion {
  const counts = labels.map(() => labels.map(() => 0));
  gold.forEach((g, i) => counts[labels.indexOf(g)][labels.indexOf(predicted[i])]++);
  return { labels: [...labels], counts };
}

function macroF1({ counts }: Confusion): number {
  const f1s = counts.map((row, k) => {
    const tp = row[k];
    const goldCount = row.reduce((a, b) => a + b, 0);
    const predictedCount = counts.reduce((a, r) => a + r[k], 0);
    return goldCount + predictedCount === 0 ? 0 : (2 * tp) / (goldCount + predictedCount);
  });
  return f1s.reduce((a, b) => a + b, 0) / f1s.length;
}

export function calibrationBins(confidences: number[], right: boolean[], bins = 10): CalibrationBin[] {
  return Array.from({ length: bins }, (_, b) => {
    const inBin = confidences.flatMap((c, i) => (Math.min(bins - 1, Math.floor(c * bins)) === b ? [i] : []));
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0);
    return { from: b / bins, to: (b + 1) / bins, n: inBin.length, confidence: mean(inBin.map((i) => confidences[i])), accuracy: mean(inBin.map((i) => (right[i] ? 1 : 0))) };
  });
}

/**
 * Even a perfectly calibrated classifier scores a positive ECE on a finite set: in a bin of n texts
 * the share right is a mean of n coin flips. Its expectation, with a normal approximation per bin:
 * Σ (n_b/N)·√(2/π)·√(Σ c(1−c))/n_b.
 */
export function calibrationNoise(confidences: number[], bins = 10): number {
  const variance = new Array<number>(bins).fill(0);
  for (const c of confidences) variance[Math.min(bins - 1, Math.floor(c * bins))] += c * (1 - c);
  return variance.reduce((a, v) => a + Math.sqrt((2 / Math.PI) * v), 0) / confidences.length;
}

export function expectedCalibrationError(bins: CalibrationBin[]): number {
  const total = bins.reduce((a, b) => a + b.n, 0);
  return bins.reduce((a, b) => a + (b.n / total) * Math.abs(b.accuracy - b.confidence), 0);
}

function groupBy(pairs: { gold: LabeledExample; predicted: Prediction }[], key: (e: LabeledExample) => string): Record<string, Accuracy> {
  const keys = [...new Set(pairs.map((p) => key(p.gold)))].sort();
  return Object.fromEntries(keys.map((k) => [k, accuracy(pairs.filter((p) => key(p.gold) === k))]));
}

export function evaluatePredictions(gold: LabeledExample[], predicted: Prediction[]): EvaluationReport {
  const pairs = gold.map((g, i) => ({ gold: g, predicted: predicted[i] }));
  const sentiment = confusion(
    SENTIMENTS,
    gold.map((g) => g.sentiment),
    predicted.map((p) => p.sentiment),
  );
  const category = confusion(
    FEEDBACK_CATEGORIES,
    gold.map((g) => g.category),
    predicted.map((p) => p.category),
  );
  const negatives = pairs.filter((p) => p.gold.sentiment === "negative");
  const withConfidence = predicted.every((p) => typeof p.confidence === "number");
  const bins = withConfidence
    ? calibrationBins(
        predicted.map((p) => p.confidence!),
        pairs.map((p) => p.gold.sentiment === p.predicted.sentiment && p.gold.category === p.predicted.category),
      )
    : [];
  return {
    ...accuracy(pairs),
    macroF1: { sentiment: macroF1(sentiment), category: macroF1(category) },
    negativeRecall: negatives.filter((p) => p.predicted.sentiment === "negative").length / Math.max(1, negatives.length),
    confusion: { sentiment, category },
    ece: withConfidence ? expectedCalibrationError(bins) : null,
    eceNoise: withConfidence ? calibrationNoise(predicted.map((p) => p.confidence!)) : null,
    calibrationBins: bins,
    byHard: groupBy(pairs, (e) => e.hard ?? "none"),
    bySource: groupBy(pairs, (e) => e.source),
  };
}
