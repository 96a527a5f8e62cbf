import type { HypothesisDirection, HypothesisMetric } from "@/generated/prisma/enums";

// What a hypothesis can predict, in the units people and the improver think in. The grader
// (grade.ts) works in the statistics' units; `toNative` converts a predicted size.

export type Metric = HypothesisMetric;

export const METRIC_INFO: Record<Metric, { label: string; unit: string; higherIsBetter: boolean; toNative: number }> = {
  /** Proposals confirmed of those decided; optionally of one tool. Size in percentage points. */
  acceptance: { label: "acceptance", unit: "points", higherIsBetter: true, toNative: 0.01 },
  /** Mean rating of rated runs (0–1). */
  rating: { label: "mean rating", unit: "", higherIsBetter: true, toNative: 1 },
  /** Mean quality score of scored runs (0–1). */
  quality: { label: "quality score", unit: "", higherIsBetter: true, toNative: 1 },
  /** Hours from a task's creation to done. */
  timeToDone: { label: "time to done", unit: "h", higherIsBetter: false, toNative: 3_600_000 },
  /** Input + output tokens per run. */
  tokens: { label: "tokens per run", unit: "", higherIsBetter: false, toNative: 1 },
  /** Share of the feedback items that are negative (of one category, when given). Size in percentage points. */
  negativeFeedback: { label: "negative feedback share", unit: "points", higherIsBetter: false, toNative: 0.01 },
};

export { Prediction } from "@/ai/prompts/improver";

const DAY_MS = 24 * 3_600_000;

/**
 * The check date: `days` from now, as a date (00:00 UTC). A weekly ritual a week later, at any hour
 * of that day, is then the first one after it — not the one a fortnight later because the
 * hypothesis was written a few minutes into its own ritual.
 */
export function checkDate(now: Date, days: number): Date {
  const at = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

const sign = (direction: HypothesisDirection) => (direction === "increase" ? "+" : "−");

/** "acceptance of add_checklist_item +10 points", "negative accuracy feedback share −5 points". */
export function predictionLabel(p: { metric: Metric; tool?: string | null; category?: string | null; direction: HypothesisDirection; size: number }): string {
  const info = METRIC_INFO[p.metric];
  const subject = p.metric === "negativeFeedback" && p.category ? `negative ${p.category} feedback share` : p.tool ? `${info.label} of ${p.tool}` : info.label;
  const size = Number.isInteger(p.size) ? String(p.size) : p.size.toFixed(2);
  return `${subject} ${sign(p.direction)}${size}${info.unit ? ` ${info.unit}` : ""}`;
}

/** A value in the metric's display units ("+4", "−0.05", "+1.5 h"), signed. */
export function displayAmount(metric: Metric, native: number, signed = true): string {
  const x = native / METRIC_INFO[metric].toNative;
  const s = signed ? (x > 0 ? "+" : x < 0 ? "−" : "±") : x < 0 ? "−" : "";
  const a = Math.abs(x);
  const digits = metric === "rating" || metric === "quality" ? 2 : metric === "timeToDone" ? 1 : 0;
  const unit = METRIC_INFO[metric].unit;
  return `${s}${a.toFixed(digits)}${unit === "h" ? " h" : ""}`;
}
