import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { FeedbackSummary as FeedbackBreakdown } from "@/features/feedback/server";
import { FeedbackChart } from "./feedback-chart";

const tone = { positive: "green", negative: "red", neutral: "zinc" } as const;

/** Feedback breakdown (category × sentiment) and cross-agent patterns with examples. */
export function FeedbackSection({ slug, breakdown, days }: { slug: string; breakdown: FeedbackBreakdown | null; days: number }) {
  const { totals } = breakdown ?? { totals: { positive: 0, negative: 0, neutral: 0 } };
  const total = totals.positive + totals.negative + totals.neutral;
  if (!breakdown || total === 0) {
    return (
      <div className="p-5" data-testid="feedback-empty">
        <EmptyState title="No classified feedback yet for this window">
          Feedback is classified by the improver&apos;s weekly one-on-one; the last {days} days have none.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="grid gap-6 p-5 lg:grid-cols-[3fr_2fr]">
      <div>
        <dl className="mb-3 flex flex-wrap gap-4 text-sm" aria-label="Feedback totals">
          {(["positive", "negative", "neutral"] as const).map((s) => (
            <div key={s} className="flex items-center gap-1.5">
              <dt className="capitalize text-zinc-600">{s}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`feedback-${s}`}>{totals[s]}</dd>
            </div>
          ))}
        </dl>
        <FeedbackChart byCategory={breakdown.byCategory} />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-zinc-900">Patterns across agents</h3>
        {breakdown.patterns.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-500">No signal repeats across several agents yet.</p>
        ) : (
          <ul className="mt-2 space-y-3" data-testid="feedback-patterns">
            {breakdown.patterns.map((p) => (
              <li key={`${p.category}-${p.sentiment}`} className="rounded-lg border border-zinc-200 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={tone[p.sentiment]}>{p.sentiment}</Badge>
                  <span className="font-medium capitalize">{p.category}</span>
                  {/* The live breakdown counts agents up to 1,000 (`capped`: at least that many). */}
                  <span className="text-zinc-500" data-testid="pattern-agents">· {p.agentCount.toLocaleString("en")}{p.capped ? "+" : ""} agents</span>
                </div>
                <ul className="mt-2 space-y-1 text-zinc-600">
                  {p.examples.slice(0, 3).map((e) => (
                    <li key={e.itemId} className="line-clamp-2">
                      “{e.detail}”
                      {e.agentId ? <Link href={`/w/${slug}/agents/${e.agentId}`} className="ml-1 text-xs text-brand-700 hover:underline">agent</Link> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
