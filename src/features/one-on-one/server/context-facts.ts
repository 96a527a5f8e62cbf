import { isTruncationMarker, QUOTABLE_SECTIONS, type ImproverContextFacts } from "@/ai/prompts/improver";
import type { FeedbackPattern, FeedbackSummary } from "@/features/feedback/server";
import { sourceKind, sourceLabel } from "@/features/feedback/source-kind";
import type { ContextSection, ImproverContextData } from "./context";

// The improver's context as data (ImproverContextFacts), handed to the model beside the text: the
// built-in model works from it instead of reading the text back. The head and the feedback come
// from the data, through the helpers the section text is written with; the other sections as the
// lines they were sent with, so an answer quotes what a real model would have seen.

/**
 * Categories with items of the sentiment, most first, each with what someone wrote about it (an
 * agent's observation, a reason given) when its pattern has it: the example is quoted as what
 * people said, so a signal ("Rated a run 1.0 / 1") never is one — its category has none.
 */
export function categoryCounts(feedback: FeedbackSummary, sentiment: "negative" | "positive") {
  const example = (category: string) => {
    const examples = feedback.patterns.find((p) => p.category === category && p.sentiment === sentiment)?.examples ?? [];
    return examples.find((e) => sourceKind(e.sourceType) === "written")?.detail ?? null;
  };
  return feedback.byCategory
    .filter((c) => c[sentiment] > 0)
    .sort((a, b) => b[sentiment] - a[sentiment] || a.category.localeCompare(b.category))
    .map((c) => ({ category: c.category, count: c[sentiment], example: example(c.category) }));
}

const SENTIMENT_RANK = { negative: 0, positive: 1, neutral: 2 } as const;

/** Negative patterns first. */
export const rankedPatterns = (feedback: FeedbackSummary) => [...feedback.patterns].sort((a, b) => SENTIMENT_RANK[a.sentiment] - SENTIMENT_RANK[b.sentiment]);

const exampleText = (detail: string) => detail.replace(/\s+/g, " ").trim().slice(0, 200);

/**
 * "negative accuracy from 4 agents (6 items): "…"; "…"" — what people wrote, quoted; a pattern
 * that has only signals: "positive tooling from 3 agents (5 items), signals only (nothing written):
 * Decision — Confirmed a proposed checklist (3 items); Run rating — …", labelled, never quoted.
 */
export function patternLine(p: FeedbackPattern): string {
  const written = p.examples.filter((e) => sourceKind(e.sourceType) === "written").map((e) => `"${exampleText(e.detail)}"`);
  const signals = p.examples
    .filter((e) => sourceKind(e.sourceType) === "signal")
    .map((e) => {
      const label = sourceLabel(e.sourceType);
      return label ? `${label} — ${exampleText(e.detail)}` : exampleText(e.detail);
    });
  const head = `${p.sentiment} ${p.category} from ${p.agentCount} agents (${p.itemCount} items)`;
  if (!signals.length) return `${head}${written.length ? `: ${written.join("; ")}` : ""}`;
  if (!written.length) return `${head}, signals only (nothing written): ${signals.join("; ")}`;
  return `${head}: ${written.join("; ")}; signals: ${signals.join("; ")}`;
}

/** "Written by people: 6 (5 negative, 0 positive, 1 neutral); signals: 14 (…)." — null for a summary stored without it. */
export function kindLine(feedback: FeedbackSummary): string | null {
  if (!feedback.byKind) return null;
  const part = (t: { items: number; negative: number; positive: number; neutral: number }) =>
    `${t.items.toLocaleString("en-US")} (${t.negative.toLocaleString("en-US")} negative, ${t.positive.toLocaleString("en-US")} positive, ${t.neutral.toLocaleString("en-US")} neutral)`;
  return `Written by people: ${part(feedback.byKind.written)}; signals (decisions, ratings, scores): ${part(feedback.byKind.signal)}.`;
}

export function contextFacts(data: ImproverContextData, sections: ContextSection[]): ImproverContextFacts {
  const section = (key: ContextSection["key"]) => sections.find((s) => s.key === key)!;
  const { head, feedback } = data;
  return {
    head: head ? { version: head.number, directives: head.directives, truncated: section("directives").truncated } : null,
    feedback: {
      negative: feedback ? categoryCounts(feedback, "negative") : [],
      positive: feedback ? categoryCounts(feedback, "positive") : [],
      totals: { negative: feedback?.totals.negative ?? 0, positive: feedback?.totals.positive ?? 0 },
      patterns: feedback ? rankedPatterns(feedback).map(patternLine) : [],
    },
    lines: Object.fromEntries(QUOTABLE_SECTIONS.map((key) => [key, quotableLines(section(key))])) as ImproverContextFacts["lines"],
    agentIds: [...new Set([...data.reports, ...data.observations].map((r) => r.agentId))],
    frozenTools: (data.decisions.conflicts?.open ?? []).map((c) => c.tool),
    signals: data.accepted?.signals ?? [],
    acceptanceByKind: data.accepted?.acceptanceByKind ?? [],
    rejectedDirectives: data.rejectedDirectives ?? [],
  };
}

// "(no reports yet)", "(no rejection reasons given)": lines that only say a section is empty.
const PLACEHOLDER = /^(?:\([^()]*\)|none|nothing(?: yet)?|n\/a|—)\.?$/i;

/** The section's lines below its heading, without list markers, empty-section lines or the truncation marker. */
function quotableLines(section: ContextSection): string[] {
  return section.text
    .slice(section.title.length + 1)
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)]|#{1,6})\s+/, "").trim())
    .filter((l) => l && !PLACEHOLDER.test(l) && !isTruncationMarker(l));
}
