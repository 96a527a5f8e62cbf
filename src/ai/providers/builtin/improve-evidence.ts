import type { FeedbackText } from "@/ai/directives/feedback-plan";
import { CLAUSES_OF_TOOL } from "@/ai/directives/params";
import type { ImproverContext } from "./improve-context";

// The written feedback in the improver's context, as texts to read for clauses: the rejection
// reasons of the decision history ("…" (tool) ×3 — counted three times, about the tool's
// proposals), the written examples of the feedback patterns and categories (with their
// sentiment and category), and the agents' observations. Signals (ratings, verdicts) say nothing in words and
// are left out. A text shown in several places (a reason is also a pattern's example) counts once,
// with its largest count.

// `- "Too many steps" (propose_checklist_items) ×3` in the decision history (context.ts decisionsBody).
const REASON_LINE = /^"(.+)" \(([\w.-]+)\) ×(\d+)$/;
// `negative accuracy from 4 agents (6 items): "…"; "…"; signals: …` (context-facts.ts patternLine).
const PATTERN_LINE = /^(negative|positive|neutral) (\S+) from .*? \(\d[\d,]* items?\)(?:, signals only.*|: (.*))?$/;
// `[Acme export, agent ck0001] the due date is missing` (context.ts observationLine).
const OBSERVATION_LINE = /^\[[^\]]*\]\s*(.+)$/;

export function feedbackTexts(ctx: ImproverContext): FeedbackText[] {
  const texts: FeedbackText[] = [];
  for (const line of ctx.lines.decisions) {
    const m = REASON_LINE.exec(line.trim());
    if (m) texts.push({ text: m[1]!, count: Number(m[3]), source: "rejection", sentiment: "negative", about: [...(CLAUSES_OF_TOOL[m[2]!] ?? [])] });
  }
  for (const line of ctx.patterns) {
    const m = PATTERN_LINE.exec(line.trim());
    if (!m?.[3]) continue;
    const sentiment = m[1] === "neutral" ? null : (m[1] as "negative" | "positive");
    for (const text of quotedExamples(m[3])) texts.push({ text, count: 1, source: "feedback", sentiment, category: m[2] });
  }
  for (const [list, sentiment] of [[ctx.negative, "negative"], [ctx.positive, "positive"]] as const) {
    for (const c of list) if (c.example) texts.push({ text: c.example, count: 1, source: "feedback", sentiment, category: c.category });
  }
  for (const line of ctx.lines.observations) texts.push({ text: OBSERVATION_LINE.exec(line.trim())?.[1] ?? line, count: 1, source: "observation", sentiment: null });
  return dedupe(texts);
}

/** `"a"; "b"; "c"` (what people wrote, before any `; signals: …`) → [a, b, c]. */
function quotedExamples(written: string): string[] {
  const end = written.indexOf('"; signals: ');
  const list = end >= 0 ? written.slice(0, end + 1) : written;
  if (!list.startsWith('"') || !list.endsWith('"')) return [];
  return list
    .slice(1, -1)
    .split('"; "')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The same words in two places (cut to different lengths) are one text. */
const key = (text: string) => text.toLowerCase().replace(/\s+/g, " ").replace(/[.…!]+$/, "").trim().slice(0, 120);

function dedupe(texts: FeedbackText[]): FeedbackText[] {
  const seen = new Map<string, FeedbackText>();
  for (const t of texts) {
    const k = key(t.text);
    const had = seen.get(k);
    if (!had) seen.set(k, t);
    else seen.set(k, { ...had, count: Math.max(had.count, t.count), sentiment: had.sentiment ?? t.sentiment, category: had.category ?? t.category, about: had.about?.length ? had.about : t.about });
  }
  return [...seen.values()];
}
