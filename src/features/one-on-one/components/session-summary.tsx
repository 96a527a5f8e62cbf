import { TrendArrow } from "@/features/dashboards/components/trend-arrow";
import type { MetricPair, TemplateMetrics } from "@/features/dashboards/server";
import { trendOf } from "@/features/dashboards/window";
import type { FeedbackSummary } from "@/features/feedback/server";
import { formatPercent, formatScore } from "@/lib/format";

// The inline metrics card at the top of a session: what changed since the last session, the
// feedback the session classified (negative first), and this week's numbers with trends.

/** A 7-day number with its trend against the week before (higher is better). */
function TrendStat({ label, pair, format, deltaFormat }: { label: string; pair: MetricPair | undefined; format: (v: number | null) => string; deltaFormat: (d: number) => string }) {
  return (
    <div className="bg-white px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">{label}</dt>
      <dd className="mt-1 flex items-center gap-2">
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
    <dl className="grid grid-cols-2 gap-px border-b border-zinc-100 bg-zinc-100 text-sm sm:grid-cols-4" aria-label="Session summary" data-testid="session-summary">
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
      <div className="bg-white px-4 py-3">
        <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">Feedback classified</dt>
        {feedback ? (
          <dd className="mt-1 space-x-2 tabular-nums">
            <span className="font-semibold text-red-700">{feedback.totals.negative} negative</span>
            <span className="text-emerald-700">{feedback.totals.positive} positive</span>
            <span className="text-zinc-500">{feedback.totals.neutral} neutral</span>
          </dd>
        ) : (
          <dd className="mt-1 text-zinc-500">Not classified</dd>
        )}
        {negatives.length ? <dd className="mt-0.5 text-xs text-zinc-500">Most negative: {negatives.map((c) => `${c.category} (${c.negative})`).join(", ")}</dd> : null}
      </div>
      <TrendStat label="Quality · 7 days" pair={metrics?.quality} format={formatScore} deltaFormat={formatScore} />
      <TrendStat label="Acceptance · 7 days" pair={metrics?.acceptance} format={formatPercent} deltaFormat={pts} />
    </dl>
  );
}
