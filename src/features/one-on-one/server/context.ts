import { FEEDBACK_SUBSECTION, IMPROVER_SECTION, formatCategoryLine, improverScaffold, type DataSignal, type ImproverContextFacts } from "@/ai/prompts/improver";
import { countTokens, truncateToTokens } from "@/ai/tokens";
import type { SessionOrigin } from "@/generated/prisma/enums";
import { formatDuration, formatPercent, formatScore } from "@/lib/format";
import { formatCount } from "@/features/dashboards/format";
import type { MetricPair, TemplateMetrics } from "@/features/dashboards/server";
import type { FeedbackSummary } from "@/features/feedback/server";
import { CONTEXT_BUDGETS, FEEDBACK_SHARES, type SectionKey } from "./budgets";
import { categoryCounts, contextFacts, kindLine, patternLine, rankedPatterns } from "./context-facts";
import type { DecisionHistory } from "./decision-history";

// The improver's system message: the fixed scaffold,
// then one section per context source, each cut to its own token budget with a visible marker so
// the model knows something is missing; and the same context as data (context-facts.ts). Pure:
// the data comes from context-data.ts.

export { CONTEXT_BUDGETS, CONTEXT_CAPS, type SectionKey } from "./budgets";
export type { DecisionHistory } from "./decision-history";

export type ContextSection = {
  key: SectionKey;
  /** The heading text. */
  title: string;
  budget: number;
  tokens: number;
  truncated: boolean;
  omittedTokens: number;
  /** Rows included (before truncation). */
  items: number;
  /** Heading + body, as sent. */
  text: string;
};

export type ImproverContext = {
  /** Scaffold + "\n\n" + sections joined by "\n\n". */
  system: string;
  scaffoldTokens: number;
  sections: ContextSection[];
  totalTokens: number;
  /** Sum of CONTEXT_BUDGETS. */
  budget: number;
  /** What the sections say, as data: the call's providerOptions (improverProviderOptions). */
  facts: ImproverContextFacts;
};

export type ImproverContextData = {
  template: { id: string; name: string };
  origin: SessionOrigin;
  head: { number: number; directives: string } | null;
  /** Newest first, ≤ 5. */
  versions: { number: number; authoredBy: string; rationale: string | null; createdAt: Date; isHead: boolean }[];
  /** Newest first, ≤ 10. */
  reports: { agentId: string; agentName: string; markdown: string; confidence: number | null; createdAt: Date }[];
  /** Newest first, ≤ 10. */
  observations: { agentId: string; agentName: string; text: string; createdAt: Date }[];
  /** Notes of the last 5 sessions that have notes, newest first. */
  notes: { sessionNumber: number; kind: string; content: string; createdAt: Date }[];
  /** The hypothesis ledger: the calibration line and graded hypotheses (refuted: "tried, did not work"), shown before the notes. */
  ledger?: { calibration: string | null; lines: string[] };
  /** Lines of the head with no feedback of their category for 60 days (clause-blame.ts), shown first in the version history. */
  orphans?: { line: string; version: number; category: string }[];
  /** 7-day window vs the 7 days before. */
  metrics: TemplateMetrics | null;
  /** null = not classified yet. */
  feedback: FeedbackSummary | null;
  decisions: DecisionHistory;
  delta: { total: number; capped: boolean; sinceCounter: number; lastSessionAt: Date | null };
  /** The decision model's signals (features/decision-model), strongest first; null: no fit yet. */
  accepted?: { signals: DataSignal[]; acceptanceByKind?: { about: string; confirmed: number; total: number }[]; decisions: number; ratings: number } | null;
  /** Directives of proposals rejected in the last 8 weeks, newest first. */
  rejectedDirectives?: string[];
};

/** What a body builder hands back: the text and what was cut inside it. */
type Body = { text: string; items: number; truncated: boolean; omittedTokens: number };

/** Sections in the prompt contract's order: what to change first, then the evidence, then the history. */
const SECTION_ORDER = Object.keys(IMPROVER_SECTION) as SectionKey[];

export function assembleImproverContext(data: ImproverContextData): ImproverContext {
  const scaffold = improverScaffold({ templateName: data.template.name, origin: data.origin });
  const sections = SECTION_ORDER.map((key) => buildSection(key, data));
  const system = [scaffold, ...sections.map((s) => s.text)].join("\n\n");
  return {
    system,
    scaffoldTokens: countTokens(scaffold),
    sections,
    totalTokens: countTokens(system),
    budget: Object.values(CONTEXT_BUDGETS).reduce((sum, n) => sum + n, 0),
    facts: contextFacts(data, sections),
  };
}

function buildSection(key: SectionKey, data: ImproverContextData): ContextSection {
  const title = IMPROVER_SECTION[key];
  const budget = CONTEXT_BUDGETS[key];
  // The heading and its line break are paid for first; the body gets what is left.
  const room = budget - countTokens(`${title}\n`);
  const body = bodyOf(key, data, room);
  const cut = fitToBudget(`${title}\n${body.text}`, budget);
  return {
    key,
    title,
    budget,
    tokens: cut.tokens,
    truncated: body.truncated || cut.truncated,
    omittedTokens: body.omittedTokens + cut.omittedTokens,
    items: body.items,
    text: cut.text,
  };
}

function bodyOf(key: SectionKey, data: ImproverContextData, room: number): Body {
  switch (key) {
    case "directives":
      return directivesBody(data.head);
    case "signals":
      return signalsBody(data.accepted ?? null, room);
    case "feedback":
      return feedbackBody(data.feedback, room);
    case "metrics":
      return metricsBody(data.metrics);
    case "decisions":
      return decisionsBody(data.decisions);
    case "reports":
      return listBody(data.reports.map(reportBlock), room, "\n\n", "(no reports yet)");
    case "observations":
      return listBody(data.observations.map(observationLine), room, "\n", "(no observations yet)");
    case "notes":
      return listBody([...ledgerLines(data.ledger), ...data.notes.map(noteLine)], room, "\n", "(no notes from earlier sessions)");
    case "versions":
      return listBody([...(data.orphans ?? []).map(orphanLine), ...data.versions.map(versionLine)], room, "\n", "(no versions)");
    case "delta":
      return plain(deltaText(data.delta), 1);
  }
}

// ── Budget helpers ────────────────────────────────────────────────────────────────────────────

const plain = (text: string, items: number): Body => ({ text, items, truncated: false, omittedTokens: 0 });

/**
 * truncateToTokens, asked for a little less on the rare input where the cut text re-encodes to a
 * token or two more next to the marker than planned: a section's `tokens` never exceeds its budget.
 */
function fitToBudget(text: string, budget: number) {
  let target = budget;
  for (;;) {
    const cut = truncateToTokens(text, target);
    if (cut.tokens <= budget || target <= 0) return cut;
    target -= cut.tokens - budget;
  }
}

/**
 * Max-min fair shares of `total` tokens: blocks smaller than an equal share keep all they need,
 * and what they leave is split among the larger ones. One huge report cannot push out the rest,
 * and ten short ones are never cut.
 */
export function fairShares(sizes: number[], total: number): number[] {
  const shares = new Array<number>(sizes.length).fill(0);
  const order = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size);
  let left = Math.max(0, total);
  order.forEach(({ size, i }, n) => {
    const share = Math.floor(left / (order.length - n));
    shares[i] = Math.min(size, share);
    left -= shares[i];
  });
  return shares;
}

/** Tokens a separator may cost between two blocks (merges at the seam are rare and only save). */
const SEAM_TOKENS = 2;

/** Blocks (reports, list lines) each cut to its fair share of `room`, joined by `separator`. */
function listBody(blocks: string[], room: number, separator: string, empty: string): Body {
  if (blocks.length === 0) return plain(empty, 0);
  const sizes = blocks.map(countTokens);
  const shares = fairShares(sizes, room - SEAM_TOKENS * blocks.length);
  const cuts = blocks.map((block, i) => fitToBudget(block, shares[i]));
  return {
    text: cuts.map((c) => c.text).join(separator),
    items: blocks.length,
    truncated: cuts.some((c) => c.truncated),
    omittedTokens: cuts.reduce((sum, c) => sum + c.omittedTokens, 0),
  };
}

// ── Section bodies ────────────────────────────────────────────────────────────────────────────

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const formatInt = (n: number) => n.toLocaleString("en-US");

function directivesBody(head: ImproverContextData["head"]): Body {
  if (!head) return plain("(no head version)", 0);
  return plain(`Version ${head.number} (head)\n${head.directives}`, 1);
}

function signalsBody(accepted: ImproverContextData["accepted"], room: number): Body {
  if (!accepted) return plain("(not measured yet: the decision model is fitted when a ritual prepares)", 0);
  const basis = `From ${formatInt(accepted.decisions)} decided proposals and ${formatInt(accepted.ratings)} rated runs of the last 8 weeks; each line holds after a false-discovery check (q ≤ 0.05). Set numbers in directives where people's verdicts change, not from one person's words.`;
  if (!accepted.signals.length) return plain(`${basis}\n(no property of the outputs separates what people accept from what they reject yet)`, 0);
  const body = listBody(accepted.signals.map((s) => `- ${s.line}`), room - countTokens(`${basis}\n`), "\n", "");
  return { ...body, text: `${basis}\n${body.text}` };
}

function feedbackBody(feedback: FeedbackSummary | null, room: number): Body {
  if (!feedback) return plain("(feedback not classified yet)", 0);
  const { totals } = feedback;
  const kinds = kindLine(feedback);
  const window = `Window: ${formatInt(totals.items)} items — ${formatInt(totals.negative)} negative, ${formatInt(totals.positive)} positive, ${formatInt(totals.neutral)} neutral.${kinds ? `\n${kinds}` : ""}`;
  // The three parts share what the window line leaves, in the seed's 800 / 600 / 600 proportions.
  const partsRoom = room - countTokens(`${window}\n`) - 2 * SEAM_TOKENS;
  const totalShares = FEEDBACK_SHARES.negative + FEEDBACK_SHARES.positive + FEEDBACK_SHARES.patterns;
  const share = (n: number) => Math.floor((partsRoom * n) / totalShares);
  const negative = sentimentPart(feedback, "negative");
  const positive = sentimentPart(feedback, "positive");
  const patterns = patternsPart(feedback);
  const cuts = [
    fitToBudget(negative.text, share(FEEDBACK_SHARES.negative)),
    fitToBudget(positive.text, share(FEEDBACK_SHARES.positive)),
    fitToBudget(patterns.text, share(FEEDBACK_SHARES.patterns)),
  ];
  return {
    text: [window, ...cuts.map((c) => c.text)].join("\n"),
    items: negative.items + positive.items + patterns.items,
    truncated: cuts.some((c) => c.truncated),
    omittedTokens: cuts.reduce((sum, c) => sum + c.omittedTokens, 0),
  };
}

/** "### Negative (N)" and one category line per category with items of that sentiment, most first. */
function sentimentPart(feedback: FeedbackSummary, sentiment: "negative" | "positive") {
  const lines = categoryCounts(feedback, sentiment).map((c) => formatCategoryLine(c.category, c.count, c.example));
  const heading = `${FEEDBACK_SUBSECTION[sentiment]} (${formatInt(feedback.totals[sentiment])})`;
  return { text: [heading, ...(lines.length ? lines : [`(no ${sentiment} feedback)`])].join("\n"), items: lines.length };
}

function patternsPart(feedback: FeedbackSummary) {
  const lines = rankedPatterns(feedback).map((p) => `- ${patternLine(p)}`);
  return { text: [FEEDBACK_SUBSECTION.patterns, ...(lines.length ? lines : ["(no cross-agent patterns)"])].join("\n"), items: lines.length };
}

function metricsBody(m: TemplateMetrics | null): Body {
  if (!m) return plain("(no metrics yet)", 0);
  const signed = (format: (v: number) => string) => (d: number) => `${d < 0 ? "-" : "+"}${format(Math.abs(d))}`;
  const duration = (ms: number) => formatDuration(Math.round(ms));
  const lines = [
    metricLine("Wakes", m.wakes, formatCount, signed(formatCount)),
    metricLine("Quality score", m.quality, formatScore, signed(formatScore)),
    metricLine("Acceptance", m.acceptance, formatPercent, signed((d) => `${Math.round(d * 100)} pts`)),
    metricLine("Average rating", m.rating, formatScore, signed(formatScore)),
    metricLine("Average duration", m.durationMs, duration, signed(duration)),
    metricLine("Tokens", m.tokens, formatCount, signed(formatCount)),
  ];
  return plain([`Last ${m.days} days vs the ${m.days} days before:`, ...lines].join("\n"), lines.length);
}

/** "- Quality score: 0.82 (was 0.78, +0.04)"; a missing value is "—" and has no change. */
function metricLine(label: string, pair: MetricPair, format: (v: number) => string, change: (d: number) => string): string {
  const show = (v: number | null) => (v == null ? "—" : format(v));
  const diff = pair.current != null && pair.previous != null ? `, ${change(pair.current - pair.previous)}` : "";
  return `- ${label}: ${show(pair.current)} (was ${show(pair.previous)}${diff})`;
}

function decisionsBody(history: DecisionHistory): Body {
  // The team's word comes first: the section is cut from its end, and these lines must survive it.
  const team = teamLines(history);
  if (history.byTool.length === 0) return plain([...team, `(no decisions in the last ${history.days} days)`].join("\n"), team.length);
  const tools = history.byTool.map((t) => {
    const decided = t.confirmed + t.rejected;
    const rate = t.rejectionRate == null ? "—" : `${Math.round(t.rejectionRate * 100)}%`;
    return `- ${t.toolName}: ${formatInt(t.rejected)} rejected of ${formatInt(decided)} decided (${rate})`;
  });
  const reasons = history.topRejectionReasons.map((r) => `- "${oneLine(r.reason).slice(0, 200)}" (${r.toolName}) ×${r.count}`);
  const text = [
    ...team,
    `Rejection rate by tool (last ${history.days} days):`,
    ...tools,
    "Most rejected:",
    ...(reasons.length ? reasons : ["(no rejection reasons given)"]),
    ...(history.lastReplay
      ? [`Replay check of your last proposal (${history.lastReplay.decision}${history.lastReplay.version ? `, v${history.lastReplay.version}` : ""}), predicted on last week's runs: ${history.lastReplay.line}`]
      : []),
    ...(history.probations?.length
      ? ["What your recent versions did (probation: a share of instances kept the version before; differences new − previous):", ...history.probations.map((p) => `- v${p.version} against v${p.baseline}, ${p.line}`)]
      : []),
  ].join("\n");
  return plain(text, team.length + tools.length + reasons.length);
}

/** Preference conflicts (open: hands off; settled: the team's rule) and the recent changes a proposal must not flip back without evidence. */
function teamLines(history: DecisionHistory): string[] {
  const open = history.conflicts?.open ?? [];
  const settled = history.conflicts?.settled ?? [];
  const recent = history.recentChanges ?? [];
  return [
    ...(open.length ? ["Open preference conflicts:", ...open.map((c) => `- ${c.line}`)] : []),
    ...(settled.length ? ["Settled by the team (follow these):", ...settled.map((c) => `- ${c.line}`)] : []),
    ...(recent.length
      ? [
          "Recent changes (reversing one needs new evidence; without it a person must give a reason):",
          ...recent.map((r) => `- v${r.version}, approved ${isoDate(r.approvedAt)}: ${r.words}${r.enough ? "" : " — do not reverse it"}`),
        ]
      : []),
  ];
}

function reportBlock(r: ImproverContextData["reports"][number]): string {
  const confidence = r.confidence == null ? "" : `, confidence ${r.confidence}`;
  return `### ${r.agentName} (agent ${r.agentId}) — ${isoDate(r.createdAt)}${confidence}\n${r.markdown.trim()}`;
}

const observationLine = (o: ImproverContextData["observations"][number]) => `- [${oneLine(o.agentName)}, agent ${o.agentId}] ${oneLine(o.text)}`;

const ledgerLines = (ledger: ImproverContextData["ledger"]) => (ledger ? [...(ledger.calibration ? [ledger.calibration] : []), ...ledger.lines].map((l) => `- ${oneLine(l)}`) : []);
const orphanLine = (o: NonNullable<ImproverContextData["orphans"]>[number]) =>
  `- Orphan clause (added in v${o.version}; no ${o.category} feedback in 60 days — keep, reword or remove?): ${oneLine(o.line)}`;
const noteLine = (n: ImproverContextData["notes"][number]) => `- Session ${n.sessionNumber} · ${n.kind}: ${oneLine(n.content)}`;

function versionLine(v: ImproverContextData["versions"][number]): string {
  const tags = [...(v.isHead ? ["head"] : []), v.authoredBy, isoDate(v.createdAt)].join(", ");
  return `- v${v.number} (${tags}): ${v.rationale ? oneLine(v.rationale) : "(no rationale)"}`;
}

function deltaText(delta: ImproverContextData["delta"]): string {
  if (!delta.lastSessionAt) return "No earlier session: everything so far is new.";
  // A capped count is a lower bound (CHANGE_COUNT_CAP per table): "1,000+".
  const count = `${formatInt(delta.total)}${delta.capped ? "+" : ""}`;
  const noun = delta.total === 1 && !delta.capped ? "change" : "changes";
  return `${count} ${noun} since your last session (${isoDate(delta.lastSessionAt)}).`;
}
