import { formatDuration, formatPercent, formatScore } from "@/lib/format";
import { formatCompact, formatCount, formatSpan } from "../format";
import type { Mttr, TemplateMetrics } from "../server/queries";
import { trendOf, type Polarity, type Trend } from "../window";
import { TrendArrow } from "./trend-arrow";

type Metric = { key: string; label: string; value: string; previous: string; trend: Trend; deltaFormat: (d: number) => string; hint?: string };

function card(key: string, label: string, current: number | null, previous: number | null, polarity: Polarity, fmt: (v: number | null) => string, opts: { relative?: boolean; deltaFormat?: (d: number) => string; hint?: string } = {}): Metric {
  return {
    key, label, value: fmt(current), previous: fmt(previous),
    trend: trendOf(current, previous, polarity, { relative: opts.relative }),
    deltaFormat: opts.deltaFormat ?? ((d) => fmt(d)), hint: opts.hint,
  };
}

/** The template's headline numbers with a trend arrow each (vs the previous window of the same length). */
export function MetricCards({ metrics, mttr }: { metrics: TemplateMetrics; mttr: Mttr }) {
  const pts = (d: number) => `${Math.round(d * 100)} pts`;
  const cards: Metric[] = [
    card("wakes", "Wakes", metrics.wakes.current, metrics.wakes.previous, "neutral", formatCount, { relative: true }),
    card("quality", "Avg quality", metrics.quality.current, metrics.quality.previous, "up-good", formatScore),
    card("acceptance", "Acceptance", metrics.acceptance.current, metrics.acceptance.previous, "up-good", formatPercent, {
      deltaFormat: pts, hint: `${metrics.acceptance.confirmed} confirmed · ${metrics.acceptance.rejected} rejected`,
    }),
    card("rating", "Avg rating", metrics.rating.current, metrics.rating.previous, "up-good", formatScore, { hint: `${metrics.rating.rated} rated runs` }),
    card("duration", "Avg duration", metrics.durationMs.current, metrics.durationMs.previous, "down-good", (v) => formatDuration(v == null ? null : Math.round(v)), { relative: true }),
    card("tokens", "Tokens", metrics.tokens.current, metrics.tokens.previous, "down-good", formatCompact, { relative: true }),
    card("mttr", "MTTR", mttr.meanMs, mttr.previous.meanMs, "down-good", formatSpan, {
      relative: true, hint: mttr.count ? `median ${formatSpan(mttr.medianMs)} · ${mttr.count} done tasks` : "no done tasks",
    }),
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden bg-zinc-100 sm:grid-cols-4 xl:grid-cols-7" aria-label={`Template metrics, last ${metrics.days} days`}>
      {cards.map((c) => (
        <div key={c.key} className="flex flex-col gap-1 bg-white px-5 py-4" data-testid={`metric-${c.key}`}>
          <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500">{c.label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-zinc-900" data-testid="metric-value">{c.value}</dd>
          <dd className="min-h-5"><TrendArrow trend={c.trend} format={c.deltaFormat} /></dd>
          <dd className="mt-auto text-xs text-zinc-500">
            {c.hint ? <span className="block">{c.hint}</span> : null}
            <span>before: {c.previous}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
