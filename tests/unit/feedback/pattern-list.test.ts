import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KindTotals } from "@/features/feedback/components/kind-totals";
import { PatternList } from "@/features/feedback/components/pattern-list";
import type { FeedbackPattern } from "@/features/feedback/server/summarize-feedback";

// What people wrote is quoted; signals are labelled in plain words and never quoted — decided by
// each example's sourceType, whatever its detail says.

const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

const patterns: FeedbackPattern[] = [
  {
    category: "accuracy",
    sentiment: "negative",
    agentCount: 4,
    itemCount: 9,
    examples: [
      { itemId: "w1", agentId: "a1", sourceType: "observation", detail: "The estimate was off by two days" },
      { itemId: "w2", agentId: "a2", sourceType: "reason", detail: "Rated it poorly because the numbers were wrong" },
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
  // Stored before examples carried their source type.
  { category: "general", sentiment: "neutral", agentCount: 3, itemCount: 3, examples: [{ itemId: "o1", agentId: "a3", detail: "Confirmed propose_checklist_items" }] },
];

describe("PatternList", () => {
  const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns, testId: "patterns" }));
  // One text per pattern (its <li>'s content).
  const items = html.split("<li class=\"rounded-lg").slice(1).map((li) => text(li.slice(li.indexOf(">") + 1)));

  it("quotes what people wrote under “What people wrote”", () => {
    expect(items[0]).toContain("|What people wrote|“The estimate was off by two days”|agent|“Rated it poorly because the numbers were wrong”|agent|");
    expect(items[0]).not.toContain("Signals");
  });

  it("lists signals with their source's label, unquoted, under “Signals”", () => {
    expect(items[1]).toContain("|Signals|Decision|Confirmed a proposed checklist (3 items)|agent|Run rating|Rated a run 1.0 / 1|agent|");
    expect(items[1]).not.toMatch(/[“"]/);
    expect(items[1]).not.toContain("What people wrote");
  });

  it("shows an example without a source type as an unlabelled signal, never as a quote", () => {
    expect(items[2]).toContain("|Signals|Confirmed propose_checklist_items|agent|");
    expect(items[2]).not.toMatch(/[“"]/);
  });

  it("never calls the patterns complaints", () => {
    expect(html.toLowerCase()).not.toContain("complaint");
  });
});

describe("KindTotals", () => {
  it("shows written and signal counts per sentiment, the signals' sources in plain words", () => {
    const html = renderToStaticMarkup(
      createElement(KindTotals, {
        testId: "kinds",
        byKind: { written: { items: 3, negative: 2, positive: 1, neutral: 0 }, signal: { items: 12, negative: 4, positive: 7, neutral: 1 } },
        bySource: [
          { sourceType: "observation", negative: 2, positive: 0, neutral: 0 },
          { sourceType: "reason", negative: 0, positive: 1, neutral: 0 },
          { sourceType: "decision", negative: 4, positive: 5, neutral: 0 },
          { sourceType: "rating", negative: 0, positive: 2, neutral: 1 },
          { sourceType: "quality_score", negative: 0, positive: 0, neutral: 0 },
        ],
      }),
    );
    expect(text(html)).toContain("|What people wrote|3|2 negative| · |1 positive| · 0 neutral|Agent observation 2 · Reason given 1|");
    expect(text(html)).toContain("|Signals|12|4 negative| · |7 positive| · 1 neutral|Decision 9 · Run rating 3|");
  });

  it("renders nothing for a summary stored before it had per-kind counts", () => {
    expect(renderToStaticMarkup(createElement(KindTotals, { testId: "kinds", byKind: undefined, bySource: undefined }))).toBe("");
  });
});

// A busy template: six negative patterns, three positive, one neutral.
const pattern = (category: FeedbackPattern["category"], sentiment: FeedbackPattern["sentiment"]): FeedbackPattern => ({
  category, sentiment, agentCount: 3, itemCount: 3, examples: [{ itemId: `${category}-${sentiment}`, agentId: "a1", sourceType: "observation", detail: `${sentiment} ${category}` }],
});
const many: FeedbackPattern[] = [
  ...(["accuracy", "communication", "tooling", "timeliness", "prioritization", "general"] as const).map((c) => pattern(c, "negative")),
  ...(["accuracy", "communication", "tooling"] as const).map((c) => pattern(c, "positive")),
  pattern("general", "neutral"),
];

describe("PatternList on a busy template", () => {
  it("shows every negative pattern and tucks the rest behind one click", () => {
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: many, testId: "patterns" }));
    const [open, folded] = html.split("<details");
    expect(open.match(/data-sentiment="negative"/g)).toHaveLength(6);
    expect(open).not.toContain('data-sentiment="positive"');
    expect(folded).toContain("Show 4 more patterns</summary>");
    expect(folded.match(/<li /g)).toHaveLength(4);
  });

  it("shows up to five without folding anything", () => {
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: many.slice(5, 10), testId: "patterns" }));
    expect(html).not.toContain("<details");
    expect(html.match(/<li /g)).toHaveLength(5);
  });
});

describe("PatternList examples", () => {
  it("quotes the same words from several agents once", () => {
    const recurring: FeedbackPattern = {
      category: "accuracy", sentiment: "negative", agentCount: 3, itemCount: 3,
      examples: ["a1", "a2", "a3"].map((agentId, i) => ({ itemId: `i${i}`, agentId, sourceType: "observation", detail: i === 2 ? "The date was wrong." : "The date  was wrong." })),
    };
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: [recurring], testId: "patterns" }));
    expect(html.match(/The date/g)).toHaveLength(1);
  });
});

describe("PatternList with the rest a link away (a live page)", () => {
  const href = (all: boolean) => (all ? "/feedback?patterns=all" : "/feedback");

  it("renders only the shown patterns and links to the rest", () => {
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: many, testId: "patterns", more: { expanded: false, href } }));
    expect(html).not.toContain("<details");
    expect(html.match(/<li /g)).toHaveLength(6);
    expect(html).not.toContain('data-sentiment="positive"');
    expect(html).toContain('href="/feedback?patterns=all"');
    expect(text(html)).toContain("|Show 4 more patterns|");
  });

  it("renders every pattern when expanded, with the way back", () => {
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: many, testId: "patterns", more: { expanded: true, href } }));
    expect(html.match(/<li /g)).toHaveLength(10);
    expect(html).toContain('href="/feedback"');
    expect(text(html)).toContain("|Show fewer patterns|");
  });

  it("has no link when nothing is folded", () => {
    const html = renderToStaticMarkup(createElement(PatternList, { slug: "acme", patterns: many.slice(5, 10), testId: "patterns", more: { expanded: false, href } }));
    expect(html).not.toContain("patterns-more");
  });
});
