import { EmptyState } from "@/components/ui/empty-state";
import { KindTotals } from "@/features/feedback/components/kind-totals";
import { exampleLabelChips } from "@/features/feedback/components/example-labels";
import { PatternList, type PatternListMore } from "@/features/feedback/components/pattern-list";
import type { LabelledItem } from "@/features/feedback/labels";
import { SENTIMENTS } from "@/features/feedback/rules";
import type { FeedbackSummary as FeedbackBreakdown, WaitingFeedback } from "@/features/feedback/server";
import { FeedbackChart } from "./lazy-charts";

/**
 * Feedback breakdown (totals, what people wrote vs signals, category × sentiment) and cross-agent
 * patterns with their examples, written ones quoted and signals labelled. With label chips on the
 * examples (`labels`: the Feedback tab) the patterns take the card's whole width below the chart:
 * beside it, each example's chips broke over two lines and the chart, squeezed, dropped every
 * other category's name.
 */
export function FeedbackSection({ slug, breakdown, waiting, days, labels, canLabel, morePatterns }: { slug: string; breakdown: FeedbackBreakdown | null; waiting?: WaitingFeedback; days: number; labels?: Map<string, LabelledItem>; canLabel?: boolean; morePatterns?: PatternListMore }) {
  const { totals } = breakdown ?? { totals: { positive: 0, negative: 0, neutral: 0 } };
  const total = totals.positive + totals.negative + totals.neutral;
  if (!breakdown || total === 0) {
    return (
      <div className="p-5" data-testid="feedback-empty">
        <WaitingNote waiting={waiting} />
        <EmptyState title="No classified feedback yet for this window">
          Signals (decisions, ratings, quality scores) count as they happen, and what people write is labeled by the classifier within a minute; the last {days} days have
          none yet.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={`grid gap-6 p-5 ${labels ? "" : "lg:grid-cols-[3fr_2fr]"}`}>
      <WaitingNote waiting={waiting} className="lg:col-span-2" />
      <div>
        <dl className="mb-3 flex flex-wrap gap-4 text-sm" aria-label="Feedback totals">
          {SENTIMENTS.map((s) => (
            <div key={s} className="flex items-center gap-1.5">
              <dt className="capitalize text-zinc-600">{s}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`feedback-${s}`}>{totals[s]}</dd>
            </div>
          ))}
        </dl>
        <div className="mb-4 rounded-lg bg-zinc-50 px-3 py-2.5">
          <KindTotals byKind={breakdown.byKind} bySource={breakdown.bySource} testId="feedback-kinds" />
        </div>
        <FeedbackChart byCategory={breakdown.byCategory} />
      </div>
      <div>
        <PatternList slug={slug} patterns={breakdown.patterns} testId="feedback-patterns" exampleLabels={labels ? exampleLabelChips(slug, labels, canLabel ?? false) : undefined} more={morePatterns} />
      </div>
    </div>
  );
}

/** Written texts not labeled yet: said, not silently left out of the counts. */
function WaitingNote({ waiting, className = "" }: { waiting?: WaitingFeedback; className?: string }) {
  if (!waiting || (waiting.waiting === 0 && waiting.givenUp === 0)) return null;
  const texts = (n: number) => `${n.toLocaleString("en")} written ${n === 1 ? "text" : "texts"}`;
  return (
    <div className={`mb-4 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`} role="status" data-testid="feedback-waiting">
      {waiting.waiting ? <p>{texts(waiting.waiting)} waiting for the classifier: they are counted once labeled (usually within a minute).</p> : null}
      {waiting.givenUp ? (
        <p>
          {texts(waiting.givenUp)} could not be classified{waiting.lastError ? ` (${waiting.lastError})` : ""}. “Classify new feedback” tries again.
        </p>
      ) : null}
    </div>
  );
}
