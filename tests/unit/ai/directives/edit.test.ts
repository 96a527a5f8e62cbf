import { describe, expect, it } from "vitest";
import { appendBullets, applyClauseEdits } from "@/ai/directives/edit";
import { readDirectives } from "@/ai/directives/policy";

// Editing directives clause by clause: revise in place, remove, append at the end of the bullet
// list; everything that is no clause stays where it is.

const DIRECTIVES = [
  "You triage support tickets.",
  "",
  "## Checklists",
  "- Start every checklist with a reproduction step.",
  "- Keep checklists to at most 8 items.",
  "",
  "## Reports",
  "Write the report for the ticket owner. Propose status changes only when the ticket's state has clearly changed, and say why. Sign with the team name.",
].join("\n");

const nonClauseLines = (text: string) => text.split("\n").filter((l) => l.trim() && !/at most|status|rationale|German|Risks|jargon/.test(l));

describe("editing directives clause by clause", () => {
  it("revises a clause where it stands instead of adding a second one", () => {
    const { directives, applied } = applyClauseEdits(DIRECTIVES, [{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 5 } }]);
    expect(directives).toBe(DIRECTIVES.replace("at most 8 items", "at most 5 items"));
    expect(applied).toEqual([{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 5 }, before: "Keep checklists to at most 8 items.", after: "Keep checklists to at most 5 items." }]);
  });

  it("keeps a person's own wording when only the number changes", () => {
    const text = "- Checklists should have fewer than eight steps, so people read them.";
    const { directives } = applyClauseEdits(text, [{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 5 } }]);
    expect(directives).toBe("- Checklists should have fewer than six steps, so people read them.");
    expect(readDirectives(directives).checklist.maxItems).toBe(5);
  });

  it("replaces the one sentence of a paragraph that says the clause, leaving the rest of the paragraph", () => {
    const { directives } = applyClauseEdits(DIRECTIVES, [{ kind: "status.mode", to: { kind: "status.mode", mode: "never" } }]);
    expect(directives.split("\n").at(-1)).toBe("Write the report for the ticket owner. Never propose a status change. Sign with the team name.");
    expect(nonClauseLines(directives)).toEqual(nonClauseLines(DIRECTIVES));
  });

  it("adds new clauses at the end of the bullet list, without a heading", () => {
    const { directives } = applyClauseEdits(DIRECTIVES, [
      { kind: "estimate.rationale", to: { kind: "estimate.rationale" } },
      { kind: "language", to: { kind: "language", language: "German" } },
    ]);
    expect(directives.split("\n").slice(3, 7)).toEqual([
      "- Start every checklist with a reproduction step.",
      "- Keep checklists to at most 8 items.",
      "- Give every estimate a one-line rationale.",
      "- Write in German.",
    ]);
    expect(directives).not.toMatch(/## Improvements/);
    expect(directives.split("\n").at(-1)).toBe(DIRECTIVES.split("\n").at(-1));
  });

  it("keeps old '## Improvements (vN)' headings and their lines, adding no new heading", () => {
    const old = `${DIRECTIVES}\n\n## Improvements (v3)\n- Double-check every number.`;
    const { directives } = applyClauseEdits(old, [{ kind: "criteria.ask", to: { kind: "criteria.ask" } }]);
    expect(directives).toBe(`${old}\n- Ask for acceptance criteria when the task gives none.`);
  });

  it("starts a bullet list when the directives have none", () => {
    expect(appendBullets("You triage tickets.\nBe kind.", ["Write in German."])).toBe("You triage tickets.\nBe kind.\n\n- Write in German.");
    expect(appendBullets("", ["Write in German."])).toBe("- Write in German.");
  });

  it("removes a clause people no longer want: its line, or its sentence in a paragraph", () => {
    const removed = applyClauseEdits(DIRECTIVES, [
      { kind: "checklist.maxItems", to: null },
      { kind: "status.mode", to: null },
    ]);
    expect(removed.directives).toBe(
      ["You triage support tickets.", "", "## Checklists", "- Start every checklist with a reproduction step.", "", "## Reports", "Write the report for the ticket owner. Sign with the team name."].join("\n"),
    );
    expect(removed.applied.map((a) => a.before)).toEqual(["Keep checklists to at most 8 items.", "Propose status changes only when the ticket's state has clearly changed, and say why."]);
  });

  it("skips an edit it cannot make cleanly, and one that changes nothing", () => {
    // One sentence, two clauses: removing one would need rewriting the sentence.
    const both = "- Keep checklists to at most 5 items and put blocking steps first.";
    expect(applyClauseEdits(both, [{ kind: "checklist.blockingFirst", to: null }])).toEqual({ directives: both, applied: [], skipped: [{ kind: "checklist.blockingFirst", to: null }] });
    expect(applyClauseEdits(DIRECTIVES, [{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 8 } }])).toEqual({ directives: DIRECTIVES, applied: [], skipped: [] });
  });

  it("a sentence that also says something else keeps it; the new clause follows it", () => {
    const both = "Keep checklists to at most 5 items and put blocking steps first.";
    const { directives } = applyClauseEdits(both, [{ kind: "language", to: { kind: "language", language: "German" } }, { kind: "report.plainWords", to: { kind: "report.plainWords" } }]);
    expect(directives).toBe(`${both}\n\n- Write in German.\n- Use plain words in reports: no jargon.`);
  });

  it("drops earlier sentences of the same clause that a later one overrides", () => {
    const twice = "- Keep checklists to at most 8 items.\n- Be kind.\n- Keep checklists to at most 6 items.";
    expect(applyClauseEdits(twice, [{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 4 } }]).directives).toBe("- Be kind.\n- Keep checklists to at most 4 items.");
  });

  it("every edit reads back as asked", () => {
    const edits = [
      { kind: "checklist.maxItems" as const, to: { kind: "checklist.maxItems" as const, n: 3 } },
      { kind: "risks.topics" as const, to: { kind: "risks.topics" as const, topics: ["security", "billing"] } },
      { kind: "report.maxSentences" as const, to: { kind: "report.maxSentences" as const, n: 4 } },
      { kind: "status.mode" as const, to: { kind: "status.mode" as const, mode: "whenSupported" as const } },
    ];
    const policy = readDirectives(applyClauseEdits(DIRECTIVES, edits).directives);
    expect(policy.checklist.maxItems).toBe(3);
    expect(policy.risks.topics).toEqual(["security", "billing"]);
    expect(policy.report.maxSentences).toBe(4);
    expect(policy.status.mode).toBe("whenSupported");
  });
});
