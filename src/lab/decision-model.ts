import { signalLine, ratingLine } from "@/features/decision-model/describe";
import type { DecisionModel, HeldOut } from "@/features/decision-model/fit";
import { pooledCalibration } from "./generate/pooled";
import { db } from "@/server/db";

// What the run's decision model learnt (features/decision-model): every ritual refitted it, and each
// fit predicted the newest week from the weeks before (held-out). Pooled over the run's fits per
// proposal kind — rows, accuracy, calibration error, and the majority guess to beat — with the
// last fit's signals in words.

export type DecisionModelResult = {
  fits: number;
  /** Per kind over every fit's held-out week: accuracy and the majority guess weighted by rows; the calibration error over all the predictions pooled. */
  heldOut: Record<string, HeldOut>;
  /** Every fit's held-out predictions, for pooling across runs. */
  predictions: { kind: string; p: number; y: 0 | 1 }[];
  signals: string[];
};

export async function decisionModelReport(workspaceId: string, templateId: string): Promise<DecisionModelResult> {
  const fits = await db.decisionModelFit.findMany({ where: { workspaceId, templateId }, orderBy: { fittedAt: "asc" }, select: { model: true } });
  const pooled: Record<string, { rows: number; right: number; calibration: number; baseline: number }> = {};
  const predictions = fits.flatMap(({ model }) => (model as unknown as DecisionModel).heldOutPredictions ?? []);
  for (const { model } of fits) {
    for (const [kind, h] of Object.entries((model as unknown as DecisionModel).heldOutByKind ?? {})) {
      if (!h) continue;
      const p = (pooled[kind] ??= { rows: 0, right: 0, calibration: 0, baseline: 0 });
      p.rows += h.rows;
      p.right += h.accuracy * h.rows;
      p.calibration += h.calibrationError * h.rows;
      p.baseline += h.baseline * h.rows;
    }
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const last = fits.at(-1)?.model as unknown as DecisionModel | undefined;
  return {
    fits: fits.length,
    heldOut: Object.fromEntries(Object.entries(pooled).map(([kind, p]) => [kind, { rows: p.rows, accuracy: round(p.right / p.rows), calibrationError: pooledCalibration(predictions, kind), baseline: round(p.baseline / p.rows) }])),
    predictions,
    signals: last ? [...last.signals.map(signalLine), ...last.ratingSignals.map(ratingLine)] : [],
  };
}

