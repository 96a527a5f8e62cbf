import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import type { Sentiment } from "../rules";
import type { FeedbackPattern, PatternExample } from "../server/summarize-feedback";
import { KIND_LABELS, sourceKind, sourceLabel } from "../source-kind";
import { enumWords } from "@/lib/words";

const tone = { positive: "green", negative: "red", neutral: "zinc" } as const satisfies Record<Sentiment, string>;
/** Patterns shown before "Show N more" (every negative one is always shown). */
const VISIBLE = 5;

export type PatternListMore = { expanded: boolean; href: (expanded: boolean) => string };

/**
 * The cross-agent patterns of a feedback summary with their examples: the template dashboard's
 * live breakdown and a ritual's frozen one. Per pattern, "What people wrote" (observations, reasons
 * given: quoted) and "Signals" (decisions, ratings, scores: their source's label and the rule's
 * words, never quoted). An example stored without its source type is a signal without a label.
 * `meta`: the meta-improver's ritual, whose patterns are signals about improvers (counted as
 * signals, no agent to link). `exampleLabels`: what to show after a written example — the page's
 * label chips (LabelChips), so its labels are seen and corrected in place. `more`: the rest are
 * a link away (`href(true)`) rather than folded into the page, and all of them are shown when
 * `expanded` — a live page with label chips on every example renders only what is asked for.
 */
export function PatternList({ slug, patterns, meta = false, testId, exampleLabels, more }: { slug: string; patterns: FeedbackPattern[]; meta?: boolean; testId: string; exampleLabels?: (example: PatternExample) => ReactNode; more?: PatternListMore }) {
  // Every negative pattern, and the first positive ones up to VISIBLE in all; the rest (neutral
  // ones mostly) one click away, so the list stays readable on a busy template.
  const folded = Math.max(VISIBLE, patterns.filter((p) => p.sentiment === "negative").length);
  const visible = more?.expanded ? patterns.length : folded;
  const shown = patterns.slice(0, visible);
  const rest = patterns.slice(visible);
  const restNegative = rest.filter((p) => p.sentiment === "negative").length;
  const renderPattern = (p: FeedbackPattern) => {
    // The same words from several agents (a recurring note) are quoted once.
    const written = distinctDetails(p.examples.filter((e) => sourceKind(e.sourceType) === "written"));
    const signals = distinctDetails(p.examples.filter((e) => sourceKind(e.sourceType) === "signal"));
    const agent = (e: PatternExample) =>
      !meta && e.agentId ? (
        <Link href={`/w/${slug}/agents/${e.agentId}`} className="ml-1 text-xs font-medium text-brand-700 hover:underline">
          agent
        </Link>
      ) : null;
    return (
      <li key={`${p.category}-${p.sentiment}`} className="rounded-lg border border-zinc-200 p-3 text-sm" data-category={p.category} data-sentiment={p.sentiment}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={tone[p.sentiment]}>{enumWords("Sentiment", p.sentiment)}</Badge>
          <span className="font-medium capitalize text-zinc-900">{p.category}</span>
          {/* The live breakdown counts agents up to 1,000 (`capped`: at least that many). */}
          <span className="text-xs text-zinc-500">
            {meta ? `${p.itemCount.toLocaleString("en")} signals` : `${p.agentCount.toLocaleString("en")}${p.capped ? "+" : ""} agents · ${p.itemCount.toLocaleString("en")} items`}
          </span>
        </div>
        {written.length ? (
          <Examples title={KIND_LABELS.written} testId="pattern-written">
            {written.map((e) => (
              <li key={e.itemId}>
                <span className="text-zinc-700" data-testid="pattern-example" data-item-id={e.itemId}>“{e.detail}”</span>
                {agent(e)}
                {exampleLabels ? <span className="ml-2 inline-flex">{exampleLabels(e)}</span> : null}
              </li>
            ))}
          </Examples>
        ) : null}
        {signals.length ? (
          <Examples title={KIND_LABELS.signal} testId="pattern-signals">
            {signals.map((e) => {
              const label = sourceLabel(e.sourceType);
              return (
                <li key={e.itemId}>
                  {label ? <span className="mr-1.5 font-medium text-zinc-700">{label}</span> : null}
                  <span>{e.detail}</span>
                  {agent(e)}
                </li>
              );
            })}
          </Examples>
        ) : null}
      </li>
    );
  };
  return (
    <>
      <h3 className="text-sm font-semibold text-zinc-900">{meta ? "Repeated signals" : "Patterns across agents"}</h3>
      {patterns.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">{meta ? "No signal repeats three times yet." : "Nothing is shared by three or more agents yet."}</p>
      ) : (
        <div id={testId} data-testid={testId} className="scroll-mt-4">
          <ul className="mt-2 space-y-3">{shown.map(renderPattern)}</ul>
          {more && patterns.length > folded ? (
            <Link href={more.href(!more.expanded)} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline" data-testid="patterns-more">
              {more.expanded ? "Show fewer patterns" : `Show ${rest.length} more ${rest.length === 1 ? "pattern" : "patterns"}${restNegative ? ` (${restNegative} negative)` : ""}`}
            </Link>
          ) : rest.length ? (
            <details className="group mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
                Show {rest.length} more {rest.length === 1 ? "pattern" : "patterns"}
                {restNegative ? ` (${restNegative} negative)` : ""}
              </summary>
              <ul className="mt-3 space-y-3">{rest.map(renderPattern)}</ul>
            </details>
          ) : null}
        </div>
      )}
    </>
  );
}

/** One example per distinct text (whitespace and case aside), the first of each kept. */
function distinctDetails(examples: PatternExample[]): PatternExample[] {
  const seen = new Set<string>();
  return examples.filter((e) => {
    const key = e.detail.replace(/\s+/g, " ").trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function Examples({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className="mt-2" data-testid={testId}>
      <p className="text-[11px] font-medium uppercase tracking-wide text-zinc-400">{title}</p>
      <ul className="mt-1 space-y-1.5 border-l-2 border-zinc-100 pl-3 text-zinc-600">{children}</ul>
    </div>
  );
}
