import { QUOTABLE_SECTIONS, type DataSignal, type ImproverPromptData, type ImproverTurn, type QuotableSection } from "@/ai/prompts/improver";

// What the improver works from: the context and the turn its caller passed as data
// (ImproverPromptData, prompts/improver.ts). Without them it works from an empty context and
// answers the last user message.

export type CategoryCount = { category: string; count: number; example: string | null };

export type ImproverContext = {
  /** The head version number, null when there is no head. */
  version: number | null;
  /** The head directives; null when there is no head. */
  directives: string | null;
  /** The directives were cut to the token budget: a complete new version cannot be written. */
  truncated: boolean;
  /** Most frequent first; categories with no items are left out. */
  negative: CategoryCount[];
  positive: CategoryCount[];
  negativeTotal: number;
  positiveTotal: number;
  patterns: string[];
  /** Each quotable section's lines; empty when the section is. */
  lines: Record<QuotableSection, string[]>;
  /** Agents the reports and observations are about: the ones it can look at. */
  agentIds: string[];
  /** Tools with an open preference conflict: the feedback does not change their clauses (a person's request still does). */
  frozenTools: string[];
  /** The decision model's signals, strongest first: where people's verdicts and ratings change. */
  signals: DataSignal[];
  acceptanceByKind: { about: string; confirmed: number; total: number }[];
  /** Proposals rejected in the last 8 weeks: not made again as they were. */
  rejectedDirectives: string[];
};

export type ImproverInput = { context: ImproverContext; turn: ImproverTurn };

const EMPTY: ImproverContext = {
  version: null,
  directives: null,
  truncated: false,
  negative: [],
  positive: [],
  negativeTotal: 0,
  positiveTotal: 0,
  patterns: [],
  lines: Object.fromEntries(QUOTABLE_SECTIONS.map((key) => [key, [] as string[]])) as Record<QuotableSection, string[]>,
  agentIds: [],
  frozenTools: [],
  signals: [],
  acceptanceByKind: [],
  rejectedDirectives: [],
};

export function improverInput(data: ImproverPromptData | undefined): ImproverInput {
  if (!data) return { context: EMPTY, turn: { kind: "message" } };
  const { context: facts, turn } = data;
  const { head, feedback } = facts;
  return {
    context: {
      version: head?.version ?? null,
      directives: head?.directives.trim() || null,
      truncated: head?.truncated ?? false,
      negative: byCount(feedback.negative),
      positive: byCount(feedback.positive),
      negativeTotal: feedback.totals.negative,
      positiveTotal: feedback.totals.positive,
      patterns: feedback.patterns,
      lines: facts.lines,
      agentIds: facts.agentIds,
      frozenTools: facts.frozenTools ?? [],
      signals: facts.signals ?? [],
      acceptanceByKind: facts.acceptanceByKind ?? [],
      rejectedDirectives: facts.rejectedDirectives ?? [],
    },
    turn,
  };
}

/** Most first; ties keep their order (sort is stable). */
const byCount = (categories: CategoryCount[]) => categories.filter((c) => c.count > 0).sort((a, b) => b.count - a.count);
