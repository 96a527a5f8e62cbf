import { describe, expect, it } from "vitest";
import { lower, planFromFeedback, raise, type FeedbackText } from "@/ai/directives/feedback-plan";
import { readDirectives } from "@/ai/directives/policy";

// Many texts weighed against the directives: how many said it counts, numbers follow what people
// ask, praise keeps a clause, and a proposal changes a few clauses at a time.

const text = (t: string, count = 1, source: FeedbackText["source"] = "feedback"): FeedbackText => ({ text: t, count, source });
const plan = (texts: FeedbackText[], directives = "") => planFromFeedback(texts, readDirectives(directives));

describe("weighing feedback against the directives", () => {
  it("counts each text as often as it was given and cites the most given first", () => {
    const p = plan([text("12 items for a password reset", 1, "observation"), text("Too many steps", 3, "rejection")], "");
    expect(p.changes).toHaveLength(1);
    expect(p.changes[0]).toMatchObject({ kind: "checklist.maxItems", from: null, to: { kind: "checklist.maxItems", n: 5 }, said: "the checklist was too long", weight: 4 });
    expect(p.changes[0]!.evidence.map((e) => [e.text, e.count, e.source])).toEqual([
      ["Too many steps", 3, "rejection"],
      ["12 items for a password reset", 1, "observation"],
    ]);
  });

  it("takes the number most people asked for (a tie: the smaller), whatever the directives say", () => {
    expect(plan([text("make the checklist 7 items max"), text("at most 5 steps please", 2)]).changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 5 });
    expect(plan([text("keep checklists to 7 items"), text("no more than 6 steps")]).changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 6 });
    expect(plan([text("5 steps would be plenty")], "Keep checklists to at most 5 items.").changes).toEqual([]);
    expect(plan([text("5 steps would be plenty")], "Keep checklists to at most 5 items.").already).toMatchObject([{ kind: "checklist.maxItems" }]);
  });

  it("lowers a limit people still find too long, raises one they find too short, and stays under what they saw", () => {
    expect([8, 5, 4, 3, 12].map(lower)).toEqual([5, 3, 3, 2, 8]);
    expect([3, 5, 4, 8].map(raise)).toEqual([5, 8, 6, 12]);
    expect(plan([text("the checklist is still too long")], "- Keep checklists to at most 8 items.").changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 5 });
    expect(plan([text("the checklist is too short, it skipped the rollback step")], "- Keep checklists to at most 3 items.").changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 5 });
    // Too short with no limit: nothing to raise.
    expect(plan([text("the checklist is too short")]).changes).toEqual([]);
    expect(plan([text("a 4-item checklist for a typo, way too many")]).changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 3 });
  });

  it("praise keeps a clause against as many complaints; without the clause it adds nothing", () => {
    const praise = text("great checklist, short and clear", 2);
    const p = plan([praise, text("the checklist is too short", 2)], "Keep checklists to at most 5 items.");
    expect(p.changes).toEqual([]);
    expect(p.kept).toMatchObject([{ kind: "checklist.maxItems", params: { n: 5 }, said: "the short checklists work", weight: 2 }]);
    expect(plan([praise])).toEqual({ changes: [], kept: [], already: [] });
    // More complaints than praise: the clause changes.
    expect(plan([praise, text("the checklist is too short", 3)], "Keep checklists to at most 5 items.").changes[0]!.to).toEqual({ kind: "checklist.maxItems", n: 8 });
  });

  it("removes a clause people argue against, unless as many want it", () => {
    const directives = "- Give every estimate a one-line rationale.";
    expect(plan([text("the rationale lines are noise", 2)], directives).changes).toMatchObject([{ kind: "estimate.rationale", to: null, said: "the estimate rationale is not needed" }]);
    expect(plan([text("the rationale lines are noise"), text("estimate without any explanation")], directives).changes).toEqual([]);
  });

  it("changes at most three clauses, the most supported first", () => {
    const p = plan([text("what is SLA? too much jargon", 1), text("Too many steps", 4, "rejection"), text("in German please", 2), text("no idea where 3 hours comes from", 3)]);
    expect(p.changes.map((c) => c.kind)).toEqual(["checklist.maxItems", "estimate.rationale", "language"]);
  });

  it("adds risk topics to the ones the directives name", () => {
    const p = plan([text("you forgot the security implications"), text("what about GDPR? nobody mentioned privacy", 2)], "Add a Risks section when the task touches billing.");
    expect(p.changes[0]!.to).toEqual({ kind: "risks.topics", topics: ["billing", "gdpr", "privacy", "security"] });
    expect(p.changes[0]!.said).toBe("the risks for gdpr, privacy, security were missing");
  });

  it("status: 'never' only gets stricter; people who miss status changes remove 'never'", () => {
    expect(plan([text("don't mark it done, we decide that", 2), text("it marked it done although items were open")]).changes[0]!.to).toEqual({ kind: "status.mode", mode: "never" });
    expect(plan([text("it marked it done although items were open")], "Never propose a status change.").changes).toEqual([]);
    expect(plan([text("it never updates the status")], "Never propose a status change.").changes).toMatchObject([{ kind: "status.mode", to: null }]);
    expect(plan([text("it never updates the status")], "Propose a status change only when the checklist supports it.").changes).toEqual([]);
  });

  it("is deterministic: the same texts in the same order give the same plan", () => {
    const texts = [text("Too many steps", 3, "rejection"), text("in French please"), text("in German please")];
    expect(plan(texts)).toEqual(plan(texts));
    expect(plan(texts).changes[1]!.to).toEqual({ kind: "language", language: "French" }); // a tie: alphabetical
  });
});
