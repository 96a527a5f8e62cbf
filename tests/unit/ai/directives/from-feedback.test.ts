import { describe, expect, it } from "vitest";
import { planFromFeedback } from "@/ai/directives/feedback-plan";
import { readFeedback, type ReadOptions } from "@/ai/directives/from-feedback";
import { clausesOf, clauseText, readDirectives } from "@/ai/directives/policy";

// People's words → clauses of the family. Each row: what someone wrote (a rejection reason, a
// comment, an agent's observation), the directives it is weighed against, and what the improver
// makes of it: the canonical sentence it would write, "remove <kind>", "keep <kind>" (praise of a
// clause the directives have), or nothing at all.

type Row = [text: string, directives: string, expected: string[], options?: ReadOptions];

const CHECKLIST_TOOL: ReadOptions = { about: ["checklist.maxItems", "checklist.blockingFirst"], sentiment: "negative" };
const ESTIMATE_TOOL: ReadOptions = { about: ["estimate.rationale", "estimate.roundTo", "estimate.rangeForRisky"], sentiment: "negative" };

const PHRASINGS: Row[] = [
  // checklist.maxItems: a number people ask for, else 5, else lower than the current limit; "too short" raises it.
  ["Way too many steps, 12 items for a password reset", "", ["Keep checklists to at most 5 items."]],
  ["12 items for a password reset", "", ["Keep checklists to at most 5 items."]],
  ["Proposed too many checklist items for a simple Billing question; Sam removed half of them.", "", ["Keep checklists to at most 5 items."]],
  ["No more than six checklist items, please.", "", ["Keep checklists to at most 6 items."]],
  ["Keep it to 3 steps max, it's a one-line fix", "", ["Keep checklists to at most 3 items."]],
  ["The checklist is bloated: 4 items would be plenty", "", ["Keep checklists to at most 4 items."]],
  ["a 4-step checklist to fix a typo? come on", "", ["Keep checklists to at most 3 items."]],
  ["Checklists are still way too long", "Keep checklists to at most 8 items.", ["Keep checklists to at most 5 items."]],
  ["The checklist is too short, it left out the rollback", "- Keep checklists to at most 3 items.", ["Keep checklists to at most 5 items."]],
  ["Way too many.", "", ["Keep checklists to at most 5 items."], CHECKLIST_TOOL],
  // checklist.blockingFirst
  ["put the blocker first", "", ["Put blocking steps first in every checklist."]],
  ["The blocking step was buried at the bottom of the list", "", ["Put blocking steps first in every checklist."]],
  ["Start with whatever blocks the others.", "", ["Put blocking steps first in every checklist."]],
  // estimate.rationale
  ["no idea where 3 hours comes from", "", ["Give every estimate a one-line rationale."]],
  ["estimate without any explanation", "", ["Give every estimate a one-line rationale."]],
  ["Why 45 minutes? Nobody can tell.", "", ["Give every estimate a one-line rationale."]],
  ["Where does that number come from?", "", ["Give every estimate a one-line rationale."], ESTIMATE_TOOL],
  // estimate.roundTo
  ["round it, 47 minutes is silly", "", ["Round estimates to the nearest 15 minutes."]],
  ["Estimates should be rounded to the nearest half hour", "", ["Round estimates to the nearest 30 minutes."]],
  ["37 minutes?? oddly specific", "", ["Round estimates to the nearest 15 minutes."]],
  // estimate.rangeForRisky
  ["A single number for a risky migration is misleading, give a range", "", ["Estimate risky work as a range."]],
  ["For the estimate on unknown work I want a best case and a worst case", "", ["Estimate risky work as a range."]],
  // risks.topics
  ["you forgot the security implications", "", ["Add a Risks section when the task touches security."]],
  ["Nothing about GDPR in a plan for a customer data export?", "", ["Add a Risks section when the task touches data export, gdpr."]],
  ["It should flag billing risks", "Add a Risks section when the task touches security.", ["Add a Risks section when the task touches security, billing."]],
  // criteria.ask
  ["nobody said what done looks like", "", ["Ask for acceptance criteria when the task gives none."]],
  ["The task had no acceptance criteria and the agent just guessed", "", ["Ask for acceptance criteria when the task gives none."]],
  // report.maxSentences
  ["the report is an essay", "", ["Keep reports to at most 4 sentences."]],
  ["too long to read", "", ["Keep reports to at most 4 sentences."]],
  ["Summary buried the actual error under four paragraphs of context; Sam had to dig for it.", "", ["Keep reports to at most 4 sentences."]],
  ["Reports should be three sentences max", "", ["Keep reports to at most 3 sentences."]],
  ["The summary still rambles on", "Keep reports to at most 6 sentences.", ["Keep reports to at most 4 sentences."]],
  // report.bullets
  ["I'd prefer the report as bullets", "", ["Write reports as short bullets."]],
  ["Dot points, not paragraphs.", "", ["Write reports as short bullets."]],
  ["Can the report be a list?", "", ["Write reports as short bullets."]],
  // report.plainWords
  ["what is SLA? too much jargon", "", ["Use plain words in reports: no jargon."]],
  ["Draft reply read like a legal notice — Sam asked for plain, friendly wording.", "", ["Use plain words in reports: no jargon."]],
  ["Too many acronyms, the customer had no clue", "", ["Use plain words in reports: no jargon."]],
  // status.mode
  ["don't mark it done, we decide that", "", ["Never propose a status change."]],
  ["Stop closing tickets yourself", "", ["Never propose a status change."]],
  ["It marked the task done although two checklist items were still open", "", ["Propose a status change only when the checklist supports it."]],
  ["don't mark it done, we decide that", "Propose status changes only when the ticket has clearly changed.", ["Never propose a status change."]],
  // language
  ["in German please", "", ["Write in German."]],
  ["Bitte auf Deutsch", "", ["Write in German."]],
  ["Reports should be in French", "Write in German.", ["Write in French."]],
  // People who no longer want a clause the directives have.
  ["the rationale lines are noise", "- Give every estimate a one-line rationale.", ["remove estimate.rationale"]],
  ["It never updates the status, tickets stay open forever", "- Never propose a status change.", ["remove status.mode"]],
  ["Bullets are choppy in the report, full sentences please", "- Write reports as short bullets.", ["remove report.bullets"]],
  ["Stop asking for acceptance criteria every single time", "- Ask for acceptance criteria when the task gives none.", ["remove criteria.ask"]],
  // Praise: never a clause; praise of what a clause does keeps it.
  ["great checklist, short and clear", "", []],
  ["great checklist, short and clear", "- Keep checklists to at most 5 items.", ["keep checklist.maxItems"]],
  ["Sam said the three-bullet summary was the fastest triage they read this week.", "- Write reports as short bullets.", ["keep report.bullets"]],
  ["No jargon, finally. Easy to read.", "- Use plain words in reports: no jargon.", ["keep report.plainWords"]],
  ["Love that every estimate explains itself", "Give every estimate a one-line rationale.", ["keep estimate.rationale"]],
  // Nothing the family can say.
  ["The estimate was off by two days", "", []],
  ["Refunds need finance approval first: two days, far more than 30 minutes.", "", []],
  ["Please ask for due dates when a task has none.", "", []],
  ["Apologised three times in one reply; it sounds insincere.", "", []],
  ["Set #4881 to P3 although Acme is on Enterprise; Sam had to bump it to meet the SLA.", "", []],
  ["Do we reply in the customer's language when the ticket is not in English, or always in English?", "", []],
  ["Waiting on Platform to confirm the root cause before proposing a status change.", "", []],
  ["Security team approved the change.", "", []],
  ["The customer wrote in German.", "", []],
  ["Routing to the account team was perfect.", "", []],
  ["The workaround is temporary; no macro for it.", "", [], CHECKLIST_TOOL],
  ["Estimate changed from 30 to 90 min by Sam: the customer needs a call, not an email.", "", [], ESTIMATE_TOOL],
  ["Make it better.", "", []],
  ["Checked the status page: no incident open for Billing when Acme reported it.", "", []],
];

/** What the improver makes of one text: canonical sentences to write, clauses to remove, clauses to keep. */
function outcome(text: string, directives: string, options: ReadOptions = {}): string[] {
  const plan = planFromFeedback([{ text, count: 1, source: "feedback", ...options }], readDirectives(directives), { limit: 12 });
  return [...plan.changes.map((c) => (c.to ? clauseText(c.to) : `remove ${c.kind}`)), ...plan.kept.map((k) => `keep ${k.kind}`)];
}

describe("people's words → directive clauses", () => {
  it("has a table of at least 40 phrasings, a dozen of them mapping to nothing", () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(40);
    expect(PHRASINGS.filter(([, , expected]) => expected.length === 0).length).toBeGreaterThanOrEqual(12);
    const kinds = new Set(PHRASINGS.flatMap(([text, , , options]) => readFeedback(text, options).map((f) => f.kind)));
    expect(kinds.size).toBe(12); // every clause of the family is understood, most in several wordings
  });

  it.each(PHRASINGS)("%j (directives: %j) → %j", (text, directives, expected, options) => {
    expect(outcome(text, directives, options)).toEqual(expected);
  });
});

describe("reading one text", () => {
  it("tells the count people saw from the count they ask for", () => {
    expect(readFeedback("Way too many steps, 12 items for a password reset")).toEqual([{ kind: "checklist.maxItems", stance: "less", seen: 12 }]);
    expect(readFeedback("12 items is silly, make it 7")).toEqual([{ kind: "checklist.maxItems", stance: "want", n: 7 }]);
    expect(readFeedback("Checklists should have fewer than 8 steps")).toEqual([{ kind: "checklist.maxItems", stance: "want", n: 7 }]);
    // "3 hours" is no item count.
    expect(readFeedback("Too many checklist items, keep it within 3 hours")).toEqual([{ kind: "checklist.maxItems", stance: "less" }]);
  });

  it("reads praise and complaint apart in one text, the complaint winning for the same clause", () => {
    expect(readFeedback("Great checklist, but way too long")).toEqual([{ kind: "checklist.maxItems", stance: "less" }]);
    expect(readFeedback("Nice report. Too much jargon though")).toEqual([{ kind: "report.plainWords", stance: "want" }]);
    // The source's sentiment decides: a positive item is praise whatever its words.
    expect(readFeedback("Short checklist, no fluff, not too long", { sentiment: "positive" })).toEqual([{ kind: "checklist.maxItems", stance: "praise" }]);
  });

  it("a subject carries over to the next sentence; a text that names nothing is about what `about` says", () => {
    expect(readFeedback("The report was fine. Way too long though.")).toEqual([{ kind: "report.maxSentences", stance: "less" }]);
    expect(readFeedback("Way too long")).toEqual([]);
    expect(readFeedback("Way too long", { about: ["report.maxSentences"] })).toEqual([{ kind: "report.maxSentences", stance: "less" }]);
    // A number without a subject goes to the first numeric clause it is about, only.
    expect(readFeedback("5 is too few, make it 7", { about: ["checklist.maxItems", "report.maxSentences"] })).toEqual([{ kind: "checklist.maxItems", stance: "want", n: 7 }]);
  });

  it("'drop the X one' is about a clause; 'drop the jargon' is about the agent's words", () => {
    expect(readFeedback("Drop the jargon one.")).toEqual([{ kind: "report.plainWords", stance: "against" }]);
    expect(readFeedback("Remove the checklist limit")).toEqual([{ kind: "checklist.maxItems", stance: "against" }]);
    expect(readFeedback("Drop the jargon, nobody outside the team gets it")).toEqual([{ kind: "report.plainWords", stance: "want" }]);
  });

  it("adds up risk topics named across a text", () => {
    expect(readFeedback("You forgot the security implications. And what about GDPR?")).toEqual([{ kind: "risks.topics", stance: "want", topics: ["security", "gdpr"] }]);
    // In people's own words (the task agent looks for them in the task), one form each.
    expect(readFeedback("Nobody mentioned the refunds, the invoicing or the migrations")[0]!.topics).toEqual(["refund", "invoice", "migration"]);
  });
});

describe("the table's canonical sentences", () => {
  it("every risk topic the reader names reads back from the Risks clause", () => {
    const all = readFeedback("You forgot security, billing, GDPR, data loss, the migration, compliance, performance, downtime and SSO.")[0]!.topics!;
    expect(all).toHaveLength(9);
    expect(readDirectives(clauseText({ kind: "risks.topics", topics: all })).risks.topics).toEqual(all);
  });

  it("each reads back as exactly one clause of the family", () => {
    const sentences = PHRASINGS.flatMap(([, , expected]) => expected.filter((e) => !/^(?:remove|keep) /.test(e)));
    for (const sentence of sentences) expect(clausesOf(sentence)).toHaveLength(1);
  });
});
