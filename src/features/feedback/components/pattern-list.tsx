import Link from "next/link";
import { Badge } from "@/components/ui/card";
import type { Sentiment } from "../rules";
import type { FeedbackPattern } from "../server/summarize-feedback";

const tone = { positive: "green", negative: "red", neutral: "zinc" } as const satisfies Record<Sentiment, string>;

/**
 * The cross-agent patterns of a feedback summary with their examples: the template dashboard's
 * live breakdown and a ritual's frozen one. `meta`: the meta-improver's ritual, whose patterns are
 * signals about improvers (counted as signals, no agent to link).
 */
export function PatternList({ slug, patterns, meta = false, testId }: { slug: string; patterns: FeedbackPattern[]; meta?: boolean; testId: string }) {
  return (
    <>
      <h3 className="text-sm font-semibold text-zinc-900">{meta ? "Repeated signals" : "Patterns across agents"}</h3>
      {patterns.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">{meta ? "No signal repeats three times yet." : "No signal is shared by three or more agents yet."}</p>
      ) : (
        <ul className="mt-2 space-y-3" data-testid={testId}>
          {patterns.map((p) => (
            <li key={`${p.category}-${p.sentiment}`} className="rounded-lg border border-zinc-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={tone[p.sentiment]}>{p.sentiment}</Badge>
                <span className="font-medium capitalize text-zinc-900">{p.category}</span>
                {/* The live breakdown counts agents up to 1,000 (`capped`: at least that many). */}
                <span className="text-xs text-zinc-500">
                  {meta ? `${p.itemCount.toLocaleString("en")} signals` : `${p.agentCount.toLocaleString("en")}${p.capped ? "+" : ""} agents · ${p.itemCount.toLocaleString("en")} items`}
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
    </>
  );
}
