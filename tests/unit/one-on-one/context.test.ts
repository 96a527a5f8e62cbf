import { describe, expect, it } from "vitest";
import { FEEDBACK_SUBSECTION, IMPROVER_SECTION, improverScaffold, truncationMarker } from "@/ai/prompts/improver";
import { countTokens } from "@/ai/tokens";
import type { TemplateMetrics } from "@/features/dashboards/server/template-metrics";
import type { FeedbackSummary } from "@/features/feedback/server/summarize-feedback";
import { assembleImproverContext, CONTEXT_BUDGETS, fairShares, type ImproverContextData, type SectionKey } from "@/features/one-on-one/server/context";

const words = (n: number, seed = "word") => Array.from({ length: n }, (_, i) => `${seed}${i % 97}`).join(" ");
const day = (d: string) => new Date(`2026-11-${d}T09:00:00Z`);

function emptyData(overrides: Partial<ImproverContextData> = {}): ImproverContextData {
  return {
    template: { id: "tpl1", name: "Triage" },
    origin: "interactive",
    head: null,
    versions: [],
    reports: [],
    observations: [],
    notes: [],
    metrics: null,
    feedback: null,
    decisions: { days: 30, byTool: [], topRejectionReasons: [], lastReplay: null, probations: [] },
    delta: { total: 0, capped: false, sinceCounter: 0, lastSessionAt: null },
    ...overrides,
  };
}

function largeData(): ImproverContextData {
  const agents = Array.from({ length: 10 }, (_, i) => ({ agentId: `agent${i}`, agentName: `Agent ${i}` }));
  return emptyData({
    head: { number: 7, directives: words(10_000, "directive") },
    versions: Array.from({ length: 5 }, (_, i) => ({ number: 7 - i, authoredBy: "agent", rationale: words(2_000, "why"), createdAt: day(`2${i}`), isHead: i === 0 })),
    reports: agents.map((a, i) => ({ ...a, markdown: `# Report ${i}\n\n${words(5_000, `r${i}x`)}`, confidence: 0.7, createdAt: day(`1${i}`) })),
    observations: agents.map((a, i) => ({ ...a, text: `Observation ${i}: ${words(2_000)}`, createdAt: day(`1${i}`) })),
    notes: Array.from({ length: 40 }, (_, i) => ({ sessionNumber: 5 - Math.floor(i / 8), kind: "hypothesis", content: words(300, "note"), createdAt: day("10") })),
    metrics: metrics(),
    feedback: feedback({ longExamples: true }),
    decisions: {
      days: 30,
      byTool: Array.from({ length: 60 }, (_, i) => ({ toolName: `tool_${i}`, confirmed: 10, rejected: 60 - i, deferred: 1, rejectionRate: (60 - i) / (70 - i) })),
      topRejectionReasons: Array.from({ length: 5 }, (_, i) => ({ reason: words(400, "reason"), toolName: `tool_${i}`, count: 9 - i })),
      lastReplay: null,
      probations: [],
    },
    delta: { total: 47, capped: false, sinceCounter: 10, lastSessionAt: day("14") },
  });
}

function metrics(): TemplateMetrics {
  return {
    days: 7,
    range: { start: day("13"), end: day("20"), prevStart: day("06") },
    wakes: { current: 12, previous: 10 },
    quality: { current: 0.82, previous: 0.78 },
    acceptance: { current: 0.75, previous: 0.5, confirmed: 3, rejected: 1 },
    rating: { current: null, previous: 0.4, rated: 0 },
    durationMs: { current: 2000, previous: 3000 },
    tokens: { current: 1500, previous: null },
  };
}

function feedback({ longExamples = false } = {}): FeedbackSummary {
  const detail = (s: string) => (longExamples ? `${s} ${words(300)}` : s);
  // Every category × sentiment a pattern, three long examples each: far more than the patterns' share.
  const extraPatterns = longExamples
    ? (["accuracy", "communication", "prioritization", "tooling", "timeliness", "general"] as const).flatMap((category) =>
        (["negative", "positive", "neutral"] as const).map((sentiment) => ({
          category,
          sentiment,
          agentCount: 3,
          itemCount: 3,
          examples: [1, 2, 3].map((n) => ({ itemId: `${category}${sentiment}${n}`, agentId: `a${n}`, sourceType: "observation" as const, detail: detail(`Example ${n}`) })),
        })),
      )
    : [];
  return {
    totals: { items: 20, negative: 11, positive: 7, neutral: 2 },
    byCategory: [
      { category: "timeliness", negative: 2, positive: 0, neutral: 0 },
      { category: "accuracy", negative: 6, positive: 1, neutral: 1 },
      { category: "communication", negative: 3, positive: 6, neutral: 1 },
      { category: "general", negative: 0, positive: 0, neutral: 0 },
    ],
    patterns: [
      { category: "communication", sentiment: "positive", agentCount: 3, itemCount: 6, examples: [{ itemId: "i3", agentId: "a1", sourceType: "observation", detail: detail("Concise summary") }] },
      {
        category: "accuracy",
        sentiment: "negative",
        agentCount: 4,
        itemCount: 6,
        examples: [
          { itemId: "i1", agentId: "a1", sourceType: "observation", detail: detail("The estimate was off by a day") },
          { itemId: "i2", agentId: "a2", sourceType: "reason", detail: detail("Wrong status") },
        ],
      },
      ...extraPatterns,
    ],
  };
}

/** The category lines of a feedback sub-section ("- accuracy: 6 — e.g. "…""), in order. */
function parseCategoryLines(text: string): { category: string; count: number; example: string | null }[] {
  return text
    .split("\n")
    .map((line) => /^- ([a-z_]+): (\d+)(?: — e\.g\. "(.*)")?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ category: m[1]!, count: Number(m[2]), example: m[3] ?? null }));
}

const sectionOf = (ctx: ReturnType<typeof assembleImproverContext>, key: SectionKey) => ctx.sections.find((s) => s.key === key)!;

describe("assembleImproverContext with large inputs", () => {
  const ctx = assembleImproverContext(largeData());

  it("keeps every section within its budget and the whole within the total", () => {
    for (const s of ctx.sections) {
      expect(s.tokens, s.key).toBeLessThanOrEqual(s.budget);
      expect(s.tokens, s.key).toBe(countTokens(s.text));
      expect(s.budget).toBe(CONTEXT_BUDGETS[s.key]);
    }
    expect(ctx.budget).toBe(9_100);
    expect(ctx.scaffoldTokens).toBeLessThanOrEqual(CONTEXT_BUDGETS.scaffold);
    expect(ctx.totalTokens).toBe(countTokens(ctx.system));
    expect(ctx.totalTokens).toBeLessThanOrEqual(ctx.budget + ctx.scaffoldTokens);
    expect(ctx.totalTokens).toBeLessThanOrEqual(ctx.budget);
  });

  it("truncates 10k words of directives with a marker, after the version line", () => {
    const s = sectionOf(ctx, "directives");
    expect(s.text.startsWith(`${IMPROVER_SECTION.directives}\nVersion 7 (head)\ndirective0 directive1`)).toBe(true);
    expect(s.truncated).toBe(true);
    expect(s.omittedTokens).toBeGreaterThan(10_000);
    expect(s.text.endsWith(truncationMarker(s.omittedTokens))).toBe(true);
  });

  it("gives each of 10 huge reports its own share and marker", () => {
    const s = sectionOf(ctx, "reports");
    expect(s.items).toBe(10);
    expect(s.truncated).toBe(true);
    const blocks = s.text.slice(s.title.length + 1).split(/\n\n(?=### )/);
    expect(blocks).toHaveLength(10);
    blocks.forEach((block, i) => {
      expect(block).toContain(`### Agent ${i} (agent agent${i}) — 2026-11-1${i}, confidence 0.7`);
      expect(block).toMatch(/\[… truncated: [\d,]+ more tokens\]$/);
      // A fair share: no report takes much more than a tenth of the section.
      expect(countTokens(block)).toBeLessThanOrEqual(Math.ceil(CONTEXT_BUDGETS.reports / 10));
    });
  });

  it("keeps all observations, each cut to its share", () => {
    const s = sectionOf(ctx, "observations");
    expect(s.items).toBe(10);
    for (let i = 0; i < 10; i++) expect(s.text).toContain(`- [Agent ${i}, agent agent${i}] Observation ${i}:`);
  });

  it("cuts the feedback sub-parts to their shares: negative and positive categories survive long examples", () => {
    const s = sectionOf(ctx, "feedback");
    expect(s.truncated).toBe(true);
    expect(s.text).toContain(`${FEEDBACK_SUBSECTION.negative} (11)`);
    expect(s.text).toContain(`${FEEDBACK_SUBSECTION.positive} (7)`);
    const patterns = s.text.slice(s.text.indexOf(FEEDBACK_SUBSECTION.patterns));
    expect(countTokens(patterns)).toBeLessThanOrEqual(600);
    expect(patterns).toMatch(/\[… truncated: [\d,]+ more tokens\]$/);
    // The category lines come before the patterns and are whole.
    const categories = parseCategoryLines(s.text.slice(0, s.text.indexOf(FEEDBACK_SUBSECTION.patterns)));
    expect(categories.map((c) => c.category)).toEqual(["accuracy", "communication", "timeliness", "communication", "accuracy"]);
  });

  it("lists every tool line it can and marks the rest", () => {
    const s = sectionOf(ctx, "decisions");
    expect(s.truncated).toBe(true);
    expect(s.text).toContain("- tool_0: 60 rejected of 70 decided (86%)");
  });
});

describe("assembleImproverContext with no data", () => {
  const ctx = assembleImproverContext(emptyData());

  it("still sends every section, saying plainly that it is empty", () => {
    const bodies = Object.fromEntries(ctx.sections.map((s) => [s.key, s.text.slice(s.title.length + 1)]));
    expect(bodies).toEqual({
      directives: "(no head version)",
      feedback: "(feedback not classified yet)",
      metrics: "(no metrics yet)",
      decisions: "(no decisions in the last 30 days)",
      reports: "(no reports yet)",
      signals: "(not measured yet: the decision model is fitted when a ritual prepares)",
      observations: "(no observations yet)",
      notes: "(no notes from earlier sessions)",
      versions: "(no versions)",
      delta: "No earlier session: everything so far is new.",
    });
    for (const s of ctx.sections) expect(s.truncated).toBe(false);
    expect(ctx.sections.filter((s) => s.key !== "delta").every((s) => s.items === 0)).toBe(true);
  });

  it("starts with the scaffold and contains every heading exactly once", () => {
    const scaffold = improverScaffold({ templateName: "Triage", origin: "interactive" });
    expect(ctx.system.startsWith(`${scaffold}\n\n${IMPROVER_SECTION.directives}\n`)).toBe(true);
    expect(ctx.system).toBe([scaffold, ...ctx.sections.map((s) => s.text)].join("\n\n"));
    for (const heading of Object.values(IMPROVER_SECTION)) expect(ctx.system.split(`${heading}\n`)).toHaveLength(2);
    expect(ctx.sections.map((s) => s.key)).toEqual(Object.keys(IMPROVER_SECTION));
  });

  it("uses the ritual scaffold for a ritual", () => {
    const ritual = assembleImproverContext(emptyData({ origin: "ritual" }));
    expect(ritual.system.startsWith(improverScaffold({ templateName: "Triage", origin: "ritual" }))).toBe(true);
  });
});

describe("section content", () => {
  it("feedback: window line, negative before positive, categories by count, pattern examples", () => {
    const text = sectionOf(assembleImproverContext(emptyData({ feedback: feedback() })), "feedback").text;
    expect(text.split("\n")[1]).toBe("Window: 20 items — 11 negative, 7 positive, 2 neutral.");
    const neg = text.indexOf(`${FEEDBACK_SUBSECTION.negative} (11)`);
    const pos = text.indexOf(`${FEEDBACK_SUBSECTION.positive} (7)`);
    const pat = text.indexOf(FEEDBACK_SUBSECTION.patterns);
    expect(neg).toBeGreaterThan(0);
    expect(pos).toBeGreaterThan(neg);
    expect(pat).toBeGreaterThan(pos);
    expect(parseCategoryLines(text.slice(neg, pos))).toEqual([
      { category: "accuracy", count: 6, example: "The estimate was off by a day" },
      { category: "communication", count: 3, example: null },
      { category: "timeliness", count: 2, example: null },
    ]);
    expect(parseCategoryLines(text.slice(pos, pat))).toEqual([
      { category: "communication", count: 6, example: "Concise summary" },
      { category: "accuracy", count: 1, example: null },
    ]);
    const patterns = text.slice(pat).split("\n").slice(1);
    expect(patterns).toEqual([
      '- negative accuracy from 4 agents (6 items): "The estimate was off by a day"; "Wrong status"',
      '- positive communication from 3 agents (6 items): "Concise summary"',
    ]);
  });

  it("metrics: current vs previous with the change; missing values as —", () => {
    const text = sectionOf(assembleImproverContext(emptyData({ metrics: metrics() })), "metrics").text;
    expect(text.split("\n").slice(1)).toEqual([
      "Last 7 days vs the 7 days before:",
      "- Wakes: 12 (was 10, +2)",
      "- Quality score: 0.82 (was 0.78, +0.04)",
      "- Acceptance: 75% (was 50%, +25 pts)",
      "- Average rating: — (was 0.40)",
      "- Average duration: 2.0 s (was 3.0 s, -1.0 s)",
      "- Tokens: 1,500 (was —)",
    ]);
  });

  it("decisions: rejection rate per tool and the most rejected reasons", () => {
    const decisions = {
      days: 30,
      byTool: [
        { toolName: "propose_estimate", confirmed: 28, rejected: 12, deferred: 2, rejectionRate: 0.3 },
        { toolName: "propose_status", confirmed: 0, rejected: 0, deferred: 3, rejectionRate: null },
      ],
      topRejectionReasons: [{ reason: "Too optimistic", toolName: "propose_estimate", count: 4 }],
      lastReplay: { decision: "approved" as const, version: 3, line: "+2 rejections avoided (of 2), no acceptances lost (of 3) · 3 runs replayed" },
      probations: [{ version: 3, baseline: 2, status: "graduated", line: "passed its probation: acceptance +12 points (95% CI +4 to +20), 82 vs 24 decisions" }],
    };
    const text = sectionOf(assembleImproverContext(emptyData({ decisions })), "decisions").text;
    expect(text.split("\n").slice(1)).toEqual([
      "Rejection rate by tool (last 30 days):",
      "- propose_estimate: 12 rejected of 40 decided (30%)",
      "- propose_status: 0 rejected of 0 decided (—)",
      "Most rejected:",
      '- "Too optimistic" (propose_estimate) ×4',
      "Replay check of your last proposal (approved, v3), predicted on last week's runs: +2 rejections avoided (of 2), no acceptances lost (of 3) · 3 runs replayed",
      "What your recent versions did (probation: a share of instances kept the version before; differences new − previous):",
      "- v3 against v2, passed its probation: acceptance +12 points (95% CI +4 to +20), 82 vs 24 decisions",
    ]);
  });

  it("decisions: the team's word first — open conflicts, settled ones, recent changes and their evidence — and the tools frozen in the facts", () => {
    const decisions = {
      days: 30,
      byTool: [],
      topRejectionReasons: [],
      lastReplay: null,
      probations: [],
      conflicts: {
        open: [{ tool: "propose_status", line: "reviewers disagree on “propose_status” proposals: do not change directives about propose_status until the team settles it." }],
        settled: [{ tool: "propose_estimate", line: "on “propose_estimate” proposals (2026-11-10) the team decided: Round estimates to 30 minutes." }],
      },
      recentChanges: [
        { version: 5, approvedAt: day("12"), enough: false, words: "no new evidence: nobody complained since" },
        { version: 4, approvedAt: day("05"), enough: true, words: "new evidence: 4 negative comments people wrote since" },
      ],
    };
    const ctx = assembleImproverContext(emptyData({ decisions }));
    expect(sectionOf(ctx, "decisions").text.split("\n").slice(1)).toEqual([
      "Open preference conflicts:",
      "- reviewers disagree on “propose_status” proposals: do not change directives about propose_status until the team settles it.",
      "Settled by the team (follow these):",
      "- on “propose_estimate” proposals (2026-11-10) the team decided: Round estimates to 30 minutes.",
      "Recent changes (reversing one needs new evidence; without it a person must give a reason):",
      "- v5, approved 2026-11-12: no new evidence: nobody complained since — do not reverse it",
      "- v4, approved 2026-11-05: new evidence: 4 negative comments people wrote since",
      "(no decisions in the last 30 days)",
    ]);
    expect(ctx.facts.frozenTools).toEqual(["propose_status"]);
  });

  it("reports, observations, notes and versions: one entry per row, newest first as given", () => {
    const ctx = assembleImproverContext(
      emptyData({
        head: { number: 5, directives: "Be brief." },
        reports: [{ agentId: "a1", agentName: "Ana", markdown: "All done.", confidence: null, createdAt: day("20") }],
        observations: [{ agentId: "a2", agentName: "Bo", text: "The estimate\n\nwas  late.", createdAt: day("19") }],
        notes: [
          { sessionNumber: 4, kind: "hypothesis", content: "Shorter replies help.", createdAt: day("18") },
          { sessionNumber: 3, kind: "decision", content: "Keep the checklist.", createdAt: day("11") },
        ],
        versions: [
          { number: 5, authoredBy: "agent", rationale: "Tighter estimates", createdAt: day("20"), isHead: true },
          { number: 4, authoredBy: "user", rationale: null, createdAt: day("10"), isHead: false },
        ],
      }),
    );
    const body = (key: SectionKey) => sectionOf(ctx, key).text.split("\n").slice(1);
    expect(body("directives")).toEqual(["Version 5 (head)", "Be brief."]);
    expect(body("reports")).toEqual(["### Ana (agent a1) — 2026-11-20", "All done."]);
    expect(body("observations")).toEqual(["- [Bo, agent a2] The estimate was late."]);
    expect(body("notes")).toEqual(["- Session 4 · hypothesis: Shorter replies help.", "- Session 3 · decision: Keep the checklist."]);
    expect(body("versions")).toEqual(["- v5 (head, agent, 2026-11-20): Tighter estimates", "- v4 (user, 2026-11-10): (no rationale)"]);
    expect(sectionOf(ctx, "reports").items).toBe(1);
  });

  it.each([
    [{ total: 47, capped: false, lastSessionAt: day("14") }, "47 changes since your last session (2026-11-14)."],
    [{ total: 1, capped: false, lastSessionAt: day("14") }, "1 change since your last session (2026-11-14)."],
    [{ total: 1000, capped: true, lastSessionAt: day("14") }, "1,000+ changes since your last session (2026-11-14)."],
    [{ total: 312, capped: false, lastSessionAt: null }, "No earlier session: everything so far is new."],
  ])("delta %o", (delta, expected) => {
    const text = sectionOf(assembleImproverContext(emptyData({ delta: { ...delta, sinceCounter: 5 } })), "delta").text;
    expect(text).toBe(`${IMPROVER_SECTION.delta}\n${expected}`);
  });
});

describe("the context as data (facts)", () => {
  it("says what the sections say: head, feedback by category with examples, each section's lines, the agents", () => {
    const data = emptyData({
      head: { number: 5, directives: "Be brief." },
      feedback: feedback(),
      reports: [{ agentId: "a1", agentName: "Ana", markdown: "## Summary\n- All done.", confidence: null, createdAt: day("20") }],
      observations: [{ agentId: "a2", agentName: "Bo", text: "The estimate was late.", createdAt: day("19") }],
      delta: { total: 47, capped: false, sinceCounter: 5, lastSessionAt: day("14") },
    });
    const { facts } = assembleImproverContext(data);
    expect(facts.head).toEqual({ version: 5, directives: "Be brief.", truncated: false });
    expect(facts.feedback).toEqual({
      negative: [
        { category: "accuracy", count: 6, example: "The estimate was off by a day" },
        { category: "communication", count: 3, example: null },
        { category: "timeliness", count: 2, example: null },
      ],
      positive: [
        { category: "communication", count: 6, example: "Concise summary" },
        { category: "accuracy", count: 1, example: null },
      ],
      totals: { negative: 11, positive: 7 },
      patterns: ['negative accuracy from 4 agents (6 items): "The estimate was off by a day"; "Wrong status"', 'positive communication from 3 agents (6 items): "Concise summary"'],
    });
    expect(facts.lines).toEqual({
      metrics: [],
      decisions: [],
      reports: ["Ana (agent a1) — 2026-11-20", "Summary", "All done."],
      observations: ["[Bo, agent a2] The estimate was late."],
      notes: [],
      versions: [],
      delta: ["47 changes since your last session (2026-11-14)."],
    });
    expect(facts.agentIds).toEqual(["a1", "a2"]);
  });

  it("marks truncated directives and leaves truncation markers out of the lines", () => {
    const { facts } = assembleImproverContext(largeData());
    expect(facts.head).toMatchObject({ version: 7, truncated: true });
    for (const lines of Object.values(facts.lines)) for (const line of lines) expect(line).not.toMatch(/^\[… truncated/);
    expect(facts.agentIds).toHaveLength(10);
  });
});

describe("written feedback and signals (by sourceType, never by the detail text)", () => {
  // Signals whose details read like sentences, and a written item that reads like a signal:
  // only the source type tells them apart.
  function mixed(): FeedbackSummary {
    return {
      totals: { items: 14, negative: 7, positive: 7, neutral: 0 },
      byCategory: [
        { category: "accuracy", negative: 5, positive: 0, neutral: 0 },
        { category: "tooling", negative: 0, positive: 5, neutral: 0 },
        { category: "general", negative: 2, positive: 2, neutral: 0 },
      ],
      bySource: [
        { sourceType: "observation", negative: 1, positive: 0, neutral: 0 },
        { sourceType: "reason", negative: 1, positive: 0, neutral: 0 },
        { sourceType: "decision", negative: 3, positive: 5, neutral: 0 },
        { sourceType: "rating", negative: 2, positive: 2, neutral: 0 },
      ],
      byKind: { written: { items: 2, negative: 2, positive: 0, neutral: 0 }, signal: { items: 12, negative: 5, positive: 7, neutral: 0 } },
      patterns: [
        {
          category: "accuracy",
          sentiment: "negative",
          agentCount: 3,
          itemCount: 5,
          examples: [
            { itemId: "w1", agentId: "a1", sourceType: "observation", detail: "Rated 1 out of 5 by the customer, the estimate was wrong" },
            { itemId: "w2", agentId: "a2", sourceType: "reason", detail: "The numbers do not add up" },
          ],
        },
        {
          category: "tooling",
          sentiment: "positive",
          agentCount: 3,
          itemCount: 5,
          examples: [
            { itemId: "s1", agentId: "a1", sourceType: "decision", detail: "Confirmed a proposed checklist (3 items)" },
            { itemId: "s2", agentId: "a2", sourceType: "rating", detail: "Rated a run 1.0 / 1" },
          ],
        },
        // Stored before examples carried their source: never quoted as someone's words.
        { category: "general", sentiment: "negative", agentCount: 3, itemCount: 2, examples: [{ itemId: "o1", agentId: "a3", detail: "Confirmed propose_checklist_items" }] },
      ],
    };
  }

  it("gives a category only a written example; signals are labelled and never quoted", () => {
    const { facts, sections } = assembleImproverContext(emptyData({ feedback: mixed() }));
    expect(facts.feedback.negative).toEqual([
      { category: "accuracy", count: 5, example: "Rated 1 out of 5 by the customer, the estimate was wrong" },
      { category: "general", count: 2, example: null },
    ]);
    expect(facts.feedback.positive).toEqual([
      { category: "tooling", count: 5, example: null },
      { category: "general", count: 2, example: null },
    ]);
    expect(facts.feedback.patterns).toEqual([
      'negative accuracy from 3 agents (5 items): "Rated 1 out of 5 by the customer, the estimate was wrong"; "The numbers do not add up"',
      "negative general from 3 agents (2 items), signals only (nothing written): Confirmed propose_checklist_items",
      "positive tooling from 3 agents (5 items), signals only (nothing written): Decision — Confirmed a proposed checklist (3 items); Run rating — Rated a run 1.0 / 1",
    ]);
    const text = sections.find((s) => s.key === "feedback")!.text;
    for (const signal of ["Confirmed a proposed checklist", "Rated a run", "Confirmed propose_"]) expect(text).not.toMatch(new RegExp(`"${signal}`));
    expect(text.split("\n").slice(1, 3)).toEqual([
      "Window: 14 items — 7 negative, 7 positive, 0 neutral.",
      "Written by people: 2 (2 negative, 0 positive, 0 neutral); signals (decisions, ratings, scores): 12 (5 negative, 7 positive, 0 neutral).",
    ]);
  });

  it("mixes both only when the examples do (a meta-improver's summary): written quoted first, then the signals", () => {
    const summary = mixed();
    summary.patterns = [{ ...summary.patterns[0]!, examples: [summary.patterns[1]!.examples[0]!, summary.patterns[0]!.examples[1]!] }];
    const { facts } = assembleImproverContext(emptyData({ feedback: summary }));
    expect(facts.feedback.patterns).toEqual(['negative accuracy from 3 agents (5 items): "The numbers do not add up"; signals: Decision — Confirmed a proposed checklist (3 items)']);
  });
});

describe("fairShares", () => {
  it("gives small blocks what they need and splits the rest among the large ones", () => {
    expect(fairShares([10, 500, 20, 900], 400)).toEqual([10, 185, 20, 185]);
    expect(fairShares([10, 20], 400)).toEqual([10, 20]);
    expect(fairShares([], 400)).toEqual([]);
    expect(fairShares([100, 100, 100], 100)).toEqual([33, 33, 34]);
  });
});
