import { TrendArrow } from "@/features/dashboards/components/trend-arrow";
import type { MetricPair, TemplateMetrics } from "@/features/dashboards/server";
import { trendOf } from "@/features/dashboards/window";
import type { FeedbackSummary } from "@/features/feedback/server";
import { formatPercent, formatScore } from "@/lib/format";

// The inline metrics card at the top of a session: what changed since the last session, the
// feedback the session classified (negative first), and this week's numbers with trends.
// Laid out by the card's own width (a container query), not the window's: the chat column is
// narrow at 1280 px beside the side panel. Narrow: the three numbers in a row, the feedback below
// them across the card; from 48rem: one row of four, the feedback cell wider.

/** A 7-day number with its trend against the week before (higher is better). */
function TrendStat({ label, pair, format, deltaFormat }: { label: string; pair: MetricPair | undefined; format: (v: number | null) => string; deltaFormat: (d: number) => string }) {
  return (
    <div className="bg-white px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-lg font-semibold tabular-nums">{format(pair?.current ?? null)}</span>
        <TrendArrow trend={trendOf(pair?.current ?? null, pair?.previous ?? null, "up-good")} format={deltaFormat} />
      </dd>
    </div>
  );
}

export function SessionSummary({ feedback, metrics, delta }: { feedback: FeedbackSummary | null; metrics: TemplateMetrics | null; delta: { total: number; capped: boolean } | null }) {
  const negatives = feedback?.byCategory.filter((c) => c.negative > 0).sort((a, b) => b.negative - a.negative).slice(0, 3) ?? [];
  const pts = (d: number) => `${Math.round(d * 100)} pts`;
  return (
    <div className="@container border-b border-zinc-100">
      <dl className="grid grid-cols-3 gap-px bg-zinc-100 text-sm @3xl:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)]" aria-label="Session summary" data-testid="session-summary">
        <div className="bg-white px-4 py-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">{delta ? "Since last session" : "Feedback covered"}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-zinc-900">
            {delta ? (
              <>
                {delta.total.toLocaleString("en")}
                {delta.capped ? "+" : ""} <span className="text-sm font-normal text-zinc-500">changes</span>
              </>
            ) : (
              <>
                {(feedback?.totals.items ?? 0).toLocaleString("en")} <span className="text-sm font-normal text-zinc-500">items</span>
              </>
            )}
          </dd>
        </div>
        <div className="order-last col-span-3 bg-white px-4 py-3 @3xl:order-none @3xl:col-span-1" data-testid="summary-feedback">
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">Feedback classified</dt>
          {feedback ? (
            <dd className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 tabular-nums">
              <span className="whitespace-nowrap font-semibold text-red-700">{feedback.totals.negative} negative</span>
              <span className="whitespace-nowrap text-emerald-700">{feedback.totals.positive} positive</span>
              <span className="whitespace-nowrap text-zinc-500">{feedback.totals.neutral} neutral</span>
            </dd>
          ) : (
            <dd className="mt-1 text-zinc-500">Not classified</dd>
          )}
          {negatives.length ? <dd className="mt-0.5 text-xs text-zinc-500">Most negative: {negatives.map((c) => `${c.category} (${c.negative})`).join(", ")}</dd> : null}
        </div>
        <TrendStat label="Quality · 7 days" pair={metrics?.quality} format={formatScore} deltaFormat={formatScore} />
        <TrendStat label="Acceptance · 7 days" pair={metrics?.acceptance} format={formatPercent} deltaFormat={pts} />
      </dl>
    </div>
  );
}
