// The two kinds of feedback source (pure: client components and the improver's context use it).
// Written feedback is what people wrote; signals are structured events whose `detail` the rules
// write for display. Code tells them apart by `sourceType`, never by reading the detail text.

/** What people wrote: an agent's note about what its users said; the reason given with a decision. */
export const WRITTEN_SOURCE_TYPES = ["observation", "reason"] as const;
/** Structured events: a verdict on a proposal, a run's rating, a report's confidence, a run's quality score. */
export const SIGNAL_SOURCE_TYPES = ["decision", "rating", "report_confidence", "quality_score"] as const;

export type WrittenSourceType = (typeof WRITTEN_SOURCE_TYPES)[number];
export type SignalSourceType = (typeof SIGNAL_SOURCE_TYPES)[number];
export type FeedbackSourceType = WrittenSourceType | SignalSourceType;
export type SourceKind = "written" | "signal";

export const SOURCE_KINDS = ["written", "signal"] as const satisfies readonly SourceKind[];

/** Every source type, written first, in the order lists show them. */
export const FEEDBACK_SOURCE_TYPES: readonly FeedbackSourceType[] = [...WRITTEN_SOURCE_TYPES, ...SIGNAL_SOURCE_TYPES];

/** Plain-word labels, for headings and signal lines. */
export const SOURCE_LABELS = {
  observation: "Agent observation",
  reason: "Reason given",
  decision: "Decision",
  rating: "Run rating",
  report_confidence: "Report confidence",
  quality_score: "Quality score",
} as const satisfies Record<FeedbackSourceType, string>;

/** Headings of the two kinds. */
export const KIND_LABELS = { written: "What people wrote", signal: "Signals" } as const satisfies Record<SourceKind, string>;

const isWritten = (t: string): t is WrittenSourceType => (WRITTEN_SOURCE_TYPES as readonly string[]).includes(t);
const isKnown = (t: string): t is FeedbackSourceType => (FEEDBACK_SOURCE_TYPES as readonly string[]).includes(t);

/**
 * "written" for what people wrote; everything else is a signal — an unknown or missing source type
 * too (an example stored before examples carried their source), so it is never quoted as someone's words.
 */
export function sourceKind(sourceType: string | null | undefined): SourceKind {
  return sourceType && isWritten(sourceType) ? "written" : "signal";
}

/** The source type's label; null when it is missing or unknown (shown without one). */
export function sourceLabel(sourceType: string | null | undefined): string | null {
  return sourceType && isKnown(sourceType) ? SOURCE_LABELS[sourceType] : null;
}

/** Known source types in list order, then unknown ones alphabetically. */
export function compareSourceTypes(a: string, b: string): number {
  const rank = (t: string) => (isKnown(t) ? FEEDBACK_SOURCE_TYPES.indexOf(t) : FEEDBACK_SOURCE_TYPES.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export type SentimentCounts = { positive: number; negative: number; neutral: number };
/** Items per sentiment of one source type. */
export type SourceCounts = { sourceType: string } & SentimentCounts;
/** Items per sentiment of one kind (`items`: all of them). */
export type KindTotals = { items: number } & SentimentCounts;

/** Written vs signal totals per sentiment, from the per-source counts. */
export function kindTotals(bySource: readonly SourceCounts[]): Record<SourceKind, KindTotals> {
  const totals = { written: { items: 0, positive: 0, negative: 0, neutral: 0 }, signal: { items: 0, positive: 0, negative: 0, neutral: 0 } };
  for (const s of bySource) {
    const t = totals[sourceKind(s.sourceType)];
    t.positive += s.positive;
    t.negative += s.negative;
    t.neutral += s.neutral;
    t.items += s.positive + s.negative + s.neutral;
  }
  return totals;
}
