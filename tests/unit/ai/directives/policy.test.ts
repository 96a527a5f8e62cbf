import { describe, expect, it } from "vitest";
import { clausesOf, clauseText, EMPTY_POLICY, readDirectives, type ClauseParams } from "@/ai/directives/policy";

// The directive clause family: every canonical sentence reads back as its clause, people's own
// phrasings are understood, and anything else is ignored.

const CANONICAL: [ClauseParams, (p: ReturnType<typeof readDirectives>) => unknown, unknown][] = [
  [{ kind: "checklist.maxItems", n: 5 }, (p) => p.checklist.maxItems, 5],
  [{ kind: "checklist.blockingFirst" }, (p) => p.checklist.blockingFirst, true],
  [{ kind: "estimate.rationale" }, (p) => p.estimate.rationale, true],
  [{ kind: "estimate.roundTo", n: 30 }, (p) => p.estimate.roundTo, 30],
  [{ kind: "estimate.rangeForRisky" }, (p) => p.estimate.rangeForRisky, true],
  [{ kind: "risks.topics", topics: ["security", "billing"] }, (p) => p.risks.topics, ["security", "billing"]],
  [{ kind: "criteria.ask" }, (p) => p.criteria.ask, true],
  [{ kind: "report.maxSentences", n: 4 }, (p) => p.report.maxSentences, 4],
  [{ kind: "report.bullets" }, (p) => p.report.bullets, true],
  [{ kind: "report.plainWords" }, (p) => p.report.plainWords, true],
  [{ kind: "status.mode", mode: "never" }, (p) => p.status.mode, "never"],
  [{ kind: "status.mode", mode: "whenSupported" }, (p) => p.status.mode, "whenSupported"],
  [{ kind: "language", language: "German" }, (p) => p.language, "German"],
];

describe("directive clauses", () => {
  it.each(CANONICAL)("the canonical sentence of %j reads back as that clause, and only that one", (params, read, expected) => {
    const text = clauseText(params);
    expect(read(readDirectives(text))).toEqual(expected);
    expect(clausesOf(text)).toEqual([params.kind]);
  });

  it.each([
    ["No more than six checklist items, please.", (p: ReturnType<typeof readDirectives>) => p.checklist.maxItems, 6],
    ["Checklists should have fewer than 8 steps.", (p: ReturnType<typeof readDirectives>) => p.checklist.maxItems, 7],
    ["Always explain why an estimate is what it is.", (p: ReturnType<typeof readDirectives>) => p.estimate.rationale, true],
    ["Estimates must be rounded to 15 min.", (p: ReturnType<typeof readDirectives>) => p.estimate.roundTo, 15],
    ["Start with whatever blocks the others.", (p: ReturnType<typeof readDirectives>) => p.checklist.blockingFirst, true],
    ["Keep the report under five sentences.", (p: ReturnType<typeof readDirectives>) => p.report.maxSentences, 4],
    ["Avoid jargon.", (p: ReturnType<typeof readDirectives>) => p.report.plainWords, true],
    ["Do not propose status changes yourself.", (p: ReturnType<typeof readDirectives>) => p.status.mode, "never"],
    ["Please answer in French.", (p: ReturnType<typeof readDirectives>) => p.language, "French"],
    ["Never more than 3 checklist items.", (p: ReturnType<typeof readDirectives>) => p.checklist.maxItems, 3],
    ["Round estimates to the nearest hour.", (p: ReturnType<typeof readDirectives>) => p.estimate.roundTo, 60],
    ["Estimates should be rounded to 2 hours.", (p: ReturnType<typeof readDirectives>) => p.estimate.roundTo, 120],
    ["Round all estimates to the nearest quarter hour.", (p: ReturnType<typeof readDirectives>) => p.estimate.roundTo, 15],
    ["Keep the report to 3 sentences.", (p: ReturnType<typeof readDirectives>) => p.report.maxSentences, 3],
    ["Add a Risks section for anything that touches payments or data export.", (p: ReturnType<typeof readDirectives>) => p.risks.topics, ["payments", "data export"]],
  ])("understands a person's phrasing: %s", (line, read, expected) => expect(read(readDirectives(line))).toEqual(expected));

  it("ignores what is not a clause of the family, and reads a whole directives text line by line", () => {
    expect(readDirectives("You triage support tickets.\n- Classify the product area.\n- Be kind.")).toEqual(EMPTY_POLICY);
    const policy = readDirectives("You triage tickets.\n- Keep checklists to at most 5 items.\n- Give every estimate a one-line rationale.\n- Keep checklists to at most 4 items.");
    expect(policy.checklist.maxItems).toBe(4); // later lines win
    expect(policy.estimate.rationale).toBe(true);
  });
});
