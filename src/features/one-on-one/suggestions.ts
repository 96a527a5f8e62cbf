// Suggested first questions for a one-on-one nobody has written in yet, drawn from what the page
// already loaded — the session's classified feedback, the 30-day decision history and the 7-day
// metrics. Deterministic (no model call): the same data gives the same questions. Pure, so the
// page computes them on the server and tests need no database. People read them: tools in words.

import { toolWords } from "@/lib/words";

type Counts = { category: string; positive: number; negative: number };
type Pattern = { category: string; sentiment: string; agentCount: number; capped?: boolean };
type ToolStats = { toolName: string; confirmed: number; rejected: number };
type Pair = { current: number | null; previous: number | null };

export type SuggestionInput = {
  feedback: { byCategory: Counts[]; patterns: Pattern[] } | null;
  decisions: { byTool: ToolStats[] } | null;
  metrics: { acceptance: Pair; quality: Pair } | null;
};

/** At most this many suggestions. */
export const MAX_SUGGESTIONS = 4;

/** Always at least this many: general questions fill up when the data says little. */
export const MIN_SUGGESTIONS = 3;
const GENERAL = ["What should change first in the directives?", "What did people complain about most since the last session?", "Which directive do the agents follow least?"];

/** A metric moves when it changed by at least this much (acceptance: 5 points; quality: 0.05). */
const MOVED = 0.05;

const percent = (v: number) => `${Math.round(v * 100)}%`;
const ordered = <T>(rows: T[], key: (row: T) => number, name: (row: T) => string) =>
  [...rows].sort((a, b) => key(b) - key(a) || name(a).localeCompare(name(b)));

export function suggestQuestions({ feedback, decisions, metrics }: SuggestionInput): string[] {
  const out: string[] = [];
  // The tool whose proposals people reject most (ties: by name).
  const rejectedTool = ordered(decisions?.byTool.filter((t) => t.rejected > 0) ?? [], (t) => t.rejected, (t) => t.toolName)[0];
  if (rejectedTool) out.push(`Why do people reject the ${toolWords(rejectedTool.toolName).plural}?`);
  // The category with the most negative feedback.
  const negative = ordered(feedback?.byCategory.filter((c) => c.negative > 0) ?? [], (c) => c.negative, (c) => c.category)[0];
  if (negative) out.push(`What is behind the negative feedback about ${negative.category}?`);
  // The strongest cross-agent pattern (the summary lists negative ones first), unless it repeats the category above.
  const pattern = feedback?.patterns.find((p) => p.sentiment !== "neutral" && !(p.sentiment === "negative" && p.category === negative?.category));
  if (pattern) {
    const agents = `${pattern.agentCount}${pattern.capped ? "+" : ""} agents`;
    out.push(pattern.sentiment === "negative" ? `What do the ${agents} with ${pattern.category} complaints have in common?` : `What should we keep from the ${pattern.category} praise across ${agents}?`);
  }
  // The week's trend: acceptance first, else quality.
  const trend = trendQuestion("acceptance", metrics?.acceptance, percent) ?? trendQuestion("quality", metrics?.quality, (v) => v.toFixed(2));
  if (trend) out.push(trend);
  for (const q of GENERAL) if (out.length < MIN_SUGGESTIONS || (out.length < MAX_SUGGESTIONS && q === GENERAL[0])) out.push(q);
  return out.slice(0, MAX_SUGGESTIONS);
}

function trendQuestion(name: string, pair: Pair | undefined, format: (v: number) => string): string | null {
  if (pair?.current == null || pair.previous == null) return null;
  const change = pair.current - pair.previous;
  if (Math.abs(change) < MOVED) return null;
  return change < 0
    ? `Why did ${name} drop from ${format(pair.previous)} to ${format(pair.current)} this week?`
    : `What made ${name} rise from ${format(pair.previous)} to ${format(pair.current)} this week?`;
}
