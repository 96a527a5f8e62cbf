import { IMPROVER_SECTION, QUOTABLE_SECTIONS, type QuotableSection } from "@/ai/prompts/improver";
import type { ImproverContext } from "./improve-context";
import { count, plural, quote, type ImproverAnswer } from "./improve-turn";
import { stripEnd } from "./text";

// The improver's answers that propose nothing: the session opening and questions about the context.

const PATTERN = 3;

export function openingTurn(ctx: ImproverContext): ImproverAnswer {
  const top = ctx.negative.slice(0, 3);
  // "Working well" names a category that is not also the main complaint, when there is one.
  const best = ctx.positive.find((c) => c.category !== top[0]?.category) ?? ctx.positive[0];
  const lines: string[] = [];
  const delta = ctx.lines.delta.slice(0, 3).map(stripEnd);
  const hasHistory = ctx.lines.notes.length > 0 || ctx.lines.decisions.length > 0;
  lines.push(`**What changed:** ${delta.length ? `${delta.join("; ")}.` : hasHistory ? "nothing new since our last session." : "this is our first session."}`);
  if (top.length) {
    lines.push(`**Feedback:** ${count(ctx.negativeTotal)} negative, ${count(ctx.positiveTotal)} positive. Most frequent complaints:`);
    for (const c of top) lines.push(`- **${c.category}** (${count(c.count)})${c.example ? `, e.g. ${quote(c.example)}` : ""}`);
  } else {
    lines.push(`**Feedback:** ${ctx.positiveTotal ? `no negative feedback; ${count(ctx.positiveTotal)} positive.` : "no classified feedback yet."}`);
  }
  if (best) lines.push(`**Working well:** ${best.category} (${count(best.count)})${best.example ? `, e.g. ${quote(best.example)}` : ""}; worth keeping.`);
  if (ctx.patterns[0]) lines.push(`**Across agents:** ${ctx.patterns[0]}`);
  const focus = top[0];
  lines.push(
    focus
      ? `**I would work on:** ${focus.category}. ${focus.count >= PATTERN ? `${count(focus.count)} complaints are a pattern.` : `${plural(focus.count, "complaint")} is not a pattern yet, so a change would be a small one.`}`
      : "**I would work on:** nothing stands out in the feedback; the directives can stay as they are unless you see a problem.",
  );
  // Paragraphs apart, list items together: markdown would otherwise glue the next paragraph onto the last item.
  const summary = lines.reduce((text, line, i) => (i === 0 ? line : `${text}${line.startsWith("- ") && lines[i - 1]!.startsWith("- ") ? "\n" : "\n\n"}${line}`), "");
  const question = focus ? `Shall I propose a change for ${focus.category}, or is there something else you want to change?` : "Is there something you want to change?";
  const negatives = top.map((c) => `${c.category} ${count(c.count)}`).join(", ");
  const note = [
    `Session opening: ${count(ctx.negativeTotal)} negative${negatives ? ` (${negatives})` : ""}, ${count(ctx.positiveTotal)} positive${best ? ` (best: ${best.category})` : ""}.`,
    delta.length ? `Since last session: ${delta.join("; ")}.` : "",
    `Suggested focus: ${focus ? focus.category : "none"}.`,
  ]
    .filter(Boolean)
    .join(" ");
  return { text: `${summary}\n\n${question}`, summary, notes: [{ kind: "reflection", content: note.slice(0, 4_000) }] };
}

/** The ritual's analysis: the opening's summary and reflection, plus a hypothesis for next week. */
export function analysisTurn(ctx: ImproverContext): ImproverAnswer {
  const opening = openingTurn(ctx);
  const focus = ctx.negative[0];
  const hypothesis = focus
    ? `If the directives address ${focus.category} (${count(focus.count)} negative items this week), negative ${focus.category} feedback should drop next week; check the same category in the next ritual.`
    : "With no clear negative cluster, unchanged directives should keep acceptance and ratings stable next week.";
  // No prediction yet: the proposal turn predicts what its change will do (one graded prediction per change).
  return { text: opening.summary ?? opening.text, summary: opening.summary, notes: [...(opening.notes ?? []), { kind: "hypothesis", content: hypothesis }] };
}

// A question picks the section it is about; the first matching topic wins.
const TOPICS: { re: RegExp; keys: QuotableSection[] }[] = [
  { re: /\b(?:decid\w*|decisions?|reject\w*|approv\w*|last time|history)\b/i, keys: ["decisions"] },
  { re: /\b(?:metrics?|performance|scores?|ratings?|quality|doing|trends?|numbers)\b/i, keys: ["metrics"] },
  { re: /\b(?:versions?|changed|changes|since|new)\b/i, keys: ["delta", "versions"] },
  { re: /\b(?:notes?|hypothes\w*|remember\w*|reflections?)\b/i, keys: ["notes"] },
  { re: /\b(?:reports?|observations?|agents?|instances?)\b/i, keys: ["reports", "observations"] },
];
/** "the decision history": a section's heading, as words. */
const LABEL = Object.fromEntries(QUOTABLE_SECTIONS.map((k) => [k, IMPROVER_SECTION[k].replace(/^#+\s*/, "").toLowerCase()])) as Record<QuotableSection, string>;
const MAX_LINES = 8;

export function questionTurn(ctx: ImproverContext, question: string): ImproverAnswer {
  const closing = "Want me to propose a change based on this?";
  if (/\b(?:feedback|complain\w*|negative|positive|issues?|problems?|patterns?)\b/i.test(question)) {
    return { text: `${feedbackOverview(ctx)}\n\n${closing}` };
  }
  const topic = TOPICS.find((t) => t.re.test(question));
  if (!topic) {
    const metrics = ctx.lines.metrics.slice(0, 2);
    const body = [feedbackOverview(ctx), ...(metrics.length ? [`**Metrics:** ${metrics.join("; ")}`] : [])].join("\n");
    return { text: `${body}\n\n${closing}` };
  }
  const blocks = topic.keys.map((key) => {
    const lines = ctx.lines[key];
    if (!lines.length) return `Nothing in the ${LABEL[key]} yet.`;
    const more = lines.length > MAX_LINES ? `\n(${lines.length - MAX_LINES} more)` : "";
    // A line ending in ":" introduces the lines below it ("Last 7 days vs the 7 days before:").
    const shown = lines.slice(0, MAX_LINES).map((l) => (l.endsWith(":") ? l : `- ${l}`));
    return `From the ${LABEL[key]}:\n${shown.join("\n")}${more}`;
  });
  return { text: `${blocks.join("\n\n")}\n\n${closing}` };
}

function feedbackOverview(ctx: ImproverContext): string {
  const cats = (cs: ImproverContext["negative"]) => cs.slice(0, 3).map((c) => `${c.category} (${count(c.count)}${c.example ? `, e.g. ${quote(c.example, 100)}` : ""})`).join(", ");
  const neg = ctx.negative.length ? `${count(ctx.negativeTotal)} negative, mostly ${cats(ctx.negative)}` : "no negative feedback";
  const pos = `${count(ctx.positiveTotal)} positive${ctx.positive.length ? `, mostly ${cats(ctx.positive)}` : ""}`;
  // What people did, measured: the numbers the improver's proposals are set from.
  const measured = ctx.signals.slice(0, 3).map((s) => `- ${s.line}`);
  return `**Feedback:** ${neg}; ${pos}.${measured.length ? `\n**What people's decisions and ratings show:**\n${measured.join("\n")}` : ""}`;
}
