import { isTruncationMarker, QUOTABLE_SECTIONS, type ImproverContextFacts } from "@/ai/prompts/improver";
import type { FeedbackPattern, FeedbackSummary } from "@/features/feedback/server";
import type { ContextSection, ImproverContextData } from "./context";

// The improver's context as data (ImproverContextFacts), handed to the model beside the text: the
// built-in model works from it instead of reading the text back. The head and the feedback come
// from the data, through the helpers the section text is written with; the other sections as the
// lines they were sent with, so an answer quotes what a real model would have seen.

/** Details written by the rules for numeric signals: examples only when nothing better exists. */
const STRUCTURED_SIGNAL = /^(Report confidence|Quality score|Rated \d|Confirmed propose_|Deferred propose_)/;

/** Categories with items of the sentiment, most first, each with one example. */
export function categoryCounts(feedback: FeedbackSummary, sentiment: "negative" | "positive") {
  // Prefer what someone wrote (an observation, a rejection reason) over a structured signal ("Report confidence 0.35").
  const example = (category: string) => {
    const examples = feedback.patterns.find((p) => p.category === category && p.sentiment === sentiment)?.examples ?? [];
    return (examples.find((e) => !STRUCTURED_SIGNAL.test(e.detail)) ?? examples[0])?.detail ?? null;
  };
  return feedback.byCategory
    .filter((c) => c[sentiment] > 0)
    .sort((a, b) => b[sentiment] - a[sentiment] || a.category.localeCompare(b.category))
    .map((c) => ({ category: c.category, count: c[sentiment], example: example(c.category) }));
}

const SENTIMENT_RANK = { negative: 0, positive: 1, neutral: 2 } as const;

/** Negative patterns first. */
export const rankedPatterns = (feedback: FeedbackSummary) => [...feedback.patterns].sort((a, b) => SENTIMENT_RANK[a.sentiment] - SENTIMENT_RANK[b.sentiment]);

/** "negative accuracy from 4 agents (6 items): "…"; "…"" */
export function patternLine(p: FeedbackPattern): string {
  const examples = p.examples.map((e) => `"${e.detail.replace(/\s+/g, " ").trim().slice(0, 200)}"`).join("; ");
  return `${p.sentiment} ${p.category} from ${p.agentCount} agents (${p.itemCount} items)${examples ? `: ${examples}` : ""}`;
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
