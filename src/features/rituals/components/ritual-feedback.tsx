import Link from "next/link";
import { Badge } from "@/components/ui/card";
import type { FeedbackSummary } from "@/features/feedback/server";

// The feedback a ritual saw (frozen on its session): totals, one stacked bar per category
// (negative first) and the cross-agent patterns with their examples.

const SENTIMENTS = ["negative", "positive", "neutral"] as const;
const BAR = { negative: "bg-red-500", positive: "bg-emerald-500", neutral: "bg-zinc-300" } as const;
const TEXT = { negative: "text-red-700", positive: "text-emerald-700", neutral: "text-zinc-500" } as const;
const TONE = { negative: "red", positive: "green", neutral: "zinc" } as const;

export function RitualFeedback({ slug, summary, meta }: { slug: string; summary: FeedbackSummary | null; meta: boolean }) {
  if (!summary || summary.totals.items === 0) {
    return <p className="px-5 py-6 text-sm text-zinc-500">{summary ? "No new feedback in this ritual's window." : "The feedback is being classified…"}</p>;
  }
  const rows = [...summary.byCategory].sort((a, b) => b.negative - a.negative || b.negative + b.positive + b.neutral - (a.negative + a.positive + a.neutral) || a.category.localeCompare(b.category));
  const widest = Math.max(1, ...rows.map((r) => r.negative + r.positive + r.neutral));
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
      <table className="w-full text-sm" data-testid="ritual-feedback-categories">
        <caption className="sr-only">{meta ? "Signals about the improvers, per category" : "Feedback items per category"}: negative, positive, neutral</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Share</th>
            <th scope="col">Negative / positive / neutral</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const total = r.negative + r.positive + r.neutral;
            return (
              <tr key={r.category} data-category={r.category}>
                <th scope="row" className="whitespace-nowrap py-2 pl-5 pr-3 text-left font-medium capitalize text-zinc-800">
                  {r.category}
                </th>
                <td className="w-full py-2 pr-2" aria-hidden>
                  <div className="flex h-2.5 overflow-hidden rounded-full bg-zinc-100" style={{ width: `${Math.max(8, (total / widest) * 100)}%` }}>
                    {SENTIMENTS.map((s) => (r[s] > 0 ? <span key={s} className={BAR[s]} style={{ width: `${(r[s] / total) * 100}%` }} /> : null))}
                  </div>
                </td>
                <td className="whitespace-nowrap py-2 pr-5 text-right text-xs tabular-nums">
                  <span className={TEXT.negative} title="negative">
                    −{r.negative}
                  </span>{" "}
                  <span className={TEXT.positive} title="positive">
                    +{r.positive}
                  </span>{" "}
                  <span className={TEXT.neutral} title="neutral">
                    ·{r.neutral}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="px-5 py-4">
        <h3 className="text-sm font-semibold text-zinc-900">{meta ? "Repeated signals" : "Patterns across agents"}</h3>
        {summary.patterns.length === 0 ? (
          <p className="mt-1 text-sm text-zinc-500">{meta ? "No signal repeats three times yet." : "No signal is shared by three or more agents yet."}</p>
        ) : (
          <ul className="mt-2 space-y-3" data-testid="ritual-feedback-patterns">
            {summary.patterns.map((p) => (
              <li key={`${p.category}-${p.sentiment}`} className="rounded-lg border border-zinc-200 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TONE[p.sentiment]}>{p.sentiment}</Badge>
                  <span className="font-medium capitalize text-zinc-900">{p.category}</span>
                  <span className="text-xs text-zinc-500">
                    {meta ? `${p.itemCount} signals` : `${p.agentCount} agents · ${p.itemCount} items`}
                  </span>
                </div>
                <ul className="mt-2 space-y-1.5 border-l-2 border-zinc-100 pl-3 text-zinc-600">
                  {p.examples.map((e) => (
                    <li key={e.itemId}>
                      “{e.detail}”
                      {!meta && e.agentId ? (
                        <Link href={`/w/${slug}/agents/${e.agentId}`} className="ml-1 text-xs font-medium text-brand-700 hover:underline">
                          agent
                        </Link>
                      ) : null}
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
