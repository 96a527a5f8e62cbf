import { FEEDBACK_SUBSECTION, IMPROVER_SECTION, isTruncationMarker, parseCategoryLines, type ImproverSectionKey } from "@/ai/prompts/improver";
import { improverSection, type PromptView } from "./prompt";

// What the improver reads from its context sections (prompts/improver.ts is the contract).

export type CategoryCount = { category: string; count: number; example: string | null };

export type ImproverContext = {
  /** The head version number ("Version N (head)"), null when the line is missing. */
  version: number | null;
  /** The head directives without the version line; null when the section is missing. */
  directives: string | null;
  /** The directives were cut to the token budget: a complete new version cannot be written. */
  truncated: boolean;
  /** Most frequent first; categories with no items are left out. */
  negative: CategoryCount[];
  positive: CategoryCount[];
  negativeTotal: number;
  positiveTotal: number;
  patterns: string[];
  /** Each section's non-empty lines (list markers removed); empty when the section is missing. */
  lines: Record<ImproverSectionKey, string[]>;
  /** Reports and observations as written, to find the agent ids they mention. */
  instancesText: string;
};

const VERSION_LINE = /^Version (\d+)(?: \(head\))?$/;
// "(no reports yet)", "(feedback not classified yet)", "none": the context builder's empty sections.
const PLACEHOLDER = /^(?:\([^()]*\)|none|nothing(?: yet)?|n\/a|—)\.?$/i;

/**
 * The contract sections live in the system message (the one-on-one); a caller that sends them as
 * the user prompt (say, the ritual's JSON call) works too. Never both: the last section would
 * otherwise swallow the chat's turns.
 */
function contextText(view: PromptView): string {
  const inSystem = Object.values(IMPROVER_SECTION).some((h) => improverSection(view.system, h) !== null);
  return inSystem ? view.system : view.user;
}

export function readImproverContext(view: PromptView): ImproverContext {
  const text = contextText(view);
  const raw = (key: ImproverSectionKey) => improverSection(text, IMPROVER_SECTION[key]);
  const lines = Object.fromEntries(
    (Object.keys(IMPROVER_SECTION) as ImproverSectionKey[]).map((key) => [key, contentLines(raw(key) ?? "")]),
  ) as Record<ImproverSectionKey, string[]>;
  return {
    ...readDirectives(raw("directives")),
    ...readFeedback(raw("feedback") ?? ""),
    lines,
    instancesText: [raw("reports"), raw("observations")].filter(Boolean).join("\n"),
  };
}

function contentLines(body: string): string[] {
  return body
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)]|#{1,6})\s+/, "").trim())
    .filter((l) => l && !PLACEHOLDER.test(l) && !isTruncationMarker(l));
}

function readDirectives(body: string | null): Pick<ImproverContext, "version" | "directives" | "truncated"> {
  if (body === null) return { version: null, directives: null, truncated: false };
  const lines = body.split("\n");
  const m = VERSION_LINE.exec(lines[0]?.trim() ?? "");
  const rest = (m ? lines.slice(1) : lines).join("\n").trim();
  return {
    version: m ? Number(m[1]) : null,
    directives: rest && !PLACEHOLDER.test(rest) ? rest : null,
    truncated: lines.some(isTruncationMarker),
  };
}

function readFeedback(body: string): Pick<ImproverContext, "negative" | "positive" | "negativeTotal" | "positiveTotal" | "patterns"> {
  const parts = { negative: "", positive: "", patterns: "" };
  const totals: { negative: number | null; positive: number | null } = { negative: null, positive: null };
  let current: keyof typeof parts | null = null;
  for (const line of body.split("\n")) {
    const sub = (Object.keys(FEEDBACK_SUBSECTION) as (keyof typeof parts)[]).find((k) => line.startsWith(FEEDBACK_SUBSECTION[k]));
    if (sub) {
      current = sub;
      const n = /\(([\d,]+)\)/.exec(line);
      if (n && sub !== "patterns") totals[sub] = Number(n[1].replace(/,/g, ""));
    } else if (line.startsWith("#")) current = null;
    else if (current) parts[current] += `${line}\n`;
  }
  const byCount = (text: string) =>
    parseCategoryLines(text)
      .filter((c) => c.count > 0)
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c.count - a.c.count || a.i - b.i)
      .map(({ c }) => c);
  const negative = byCount(parts.negative);
  const positive = byCount(parts.positive);
  const sum = (cs: CategoryCount[]) => cs.reduce((s, c) => s + c.count, 0);
  return {
    negative,
    positive,
    negativeTotal: totals.negative ?? sum(negative),
    positiveTotal: totals.positive ?? sum(positive),
    patterns: contentLines(parts.patterns),
  };
}
