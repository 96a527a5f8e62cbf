import { DataTable } from "@/components/ui/table";
import { KindTotals } from "@/features/feedback/components/kind-totals";
import { exampleLabelChips } from "@/features/feedback/components/example-labels";
import { PatternList } from "@/features/feedback/components/pattern-list";
import type { LabelledItem } from "@/features/feedback/labels";
import { plural } from "@/lib/format";
import type { Sentiment } from "@/features/feedback/rules";
import type { FeedbackSummary } from "@/features/feedback/server";

// The feedback a ritual saw (frozen on its session): totals, what people wrote vs signals (when the
// summary has them: not in one stored before), one stacked bar per category (negative first) and
// the cross-agent patterns with their examples, written ones quoted and signals labelled.

const SENTIMENTS = ["negative", "positive", "neutral"] as const satisfies readonly Sentiment[];
const BAR = { negative: "bg-red-500", positive: "bg-emerald-500", neutral: "bg-zinc-300" } as const;
const TEXT = { negative: "text-red-700", positive: "text-emerald-700", neutral: "text-zinc-500" } as const;

type CategoryRow = FeedbackSummary["byCategory"][number];
const totalOf = (r: CategoryRow) => r.negative + r.positive + r.neutral;

export function RitualFeedback({ slug, summary, meta, ended, labels, canLabel = false }: {
  slug: string;
  summary: FeedbackSummary | null;
  meta: boolean;
  /** The session ended: a missing summary was never made. */
  ended: boolean;
  /** The labels in force of the patterns' written examples (changed in place: the frozen counts stay what the ritual saw). */
  labels?: Map<string, LabelledItem>;
  canLabel?: boolean;
}) {
  if (!summary || summary.totals.items === 0) {
    return <p className="px-5 py-6 text-sm text-zinc-500">{summary ? "No new feedback in this ritual's window." : ended ? "The ritual ended before it read the feedback." : "The feedback is being classified…"}</p>;
  }
  const rows = [...summary.byCategory].sort((a, b) => b.negative - a.negative || totalOf(b) - totalOf(a) || a.category.localeCompare(b.category));
  const widest = Math.max(1, ...rows.map(totalOf));
  return (
    <div className="divide-y divide-zinc-100">
      <dl className="grid grid-cols-3 divide-x divide-zinc-100 text-center" aria-label="Feedback totals" data-testid="ritual-feedback-totals">
        {SENTIMENTS.map((s) => (
          <div key={s} className="px-3 py-3">
            <dt className="text-xs capitalize text-zinc-500">{s}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${TEXT[s]}`} data-testid={`ritual-feedback-${s}`}>
              {summary.totals[s]}
            </dd>
          </div>
        ))}
      </dl>
      {summary.byKind ? (
        <div className="px-5 py-3">
          <KindTotals byKind={summary.byKind} bySource={summary.bySource} testId="ritual-feedback-kinds" />
        </div>
      ) : null}
      <DataTable rows={rows} rowKey={(r) => r.category} rowProps={(r) => ({ "data-category": r.category })} head="hidden" divided={false} cellY="py-2"
        testId="ritual-feedback-categories"
        caption={`${meta ? "Signals about the improvers, per category" : "Feedback items per category"}: negative, positive, neutral`}
        columns={[
          { header: "Category", rowHeader: true, padX: "pl-5 pr-3", className: "whitespace-nowrap font-medium capitalize text-zinc-800", cell: (r) => r.category },
          {
            header: "Share",
            padX: "pr-2",
            className: "w-full",
            cellProps: () => ({ "aria-hidden": true }),
            cell: (r) => (
              <div className="flex h-2.5 overflow-hidden rounded-full bg-zinc-100" style={{ width: `${Math.max(8, (totalOf(r) / widest) * 100)}%` }}>
                {SENTIMENTS.map((s) => (r[s] > 0 ? <span key={s} className={BAR[s]} style={{ width: `${(r[s] / totalOf(r)) * 100}%` }} /> : null))}
              </div>
            ),
          },
          {
            header: "Negative / positive / neutral",
            align: "right",
            padX: "pr-5",
            className: "whitespace-nowrap text-xs tabular-nums",
            cell: (r) => (
              <>
                <span className={TEXT.negative} title="negative">
                  −{r.negative}
                </span>{" "}
                <span className={TEXT.positive} title="positive">
                  +{r.positive}
                </span>{" "}
                <span className={TEXT.neutral} title="neutral">
                  ·{r.neutral}
                </span>
              </>
            ),
          },
        ]}
      />
      <div className="px-5 py-4">
        <PatternList slug={slug} patterns={summary.patterns} meta={meta} testId="ritual-feedback-patterns" exampleLabels={labels ? exampleLabelChips(slug, labels, canLabel) : undefined} />
      </div>
      {summary.labels ? (
        <p className="px-5 py-3 text-xs text-zinc-500" data-testid="ritual-feedback-labels">
          Labels this ritual used: {plural(summary.labels.personLabelled, "item")} labelled by people
          {summary.labels.adaptationVersion ? `, the rest by the classifier adapted to this workspace (version ${summary.labels.adaptationVersion})` : ", the rest by the classifier"}.
        </p>
      ) : null}
    </div>
  );
}
