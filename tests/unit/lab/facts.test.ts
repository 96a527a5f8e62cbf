import { describe, expect, it } from "vitest";
import { runFacts, type ProposalView } from "@/lab/facts";
import { DEFAULT_VOCABULARY } from "@/lab/vocabulary";

// What a reviewer measures in a run: counted from the proposals and the report as written.

const ticket = { title: "Refund failed for the annual plan", description: "Acme was charged twice. Billing shows two invoices.", area: "billing", kind: "bug", checklist: [] };
const checklist = (items: string[]): ProposalView => ({ tool: "propose_checklist_items", args: { items }, summary: `Add ${items.length} checklist items` });
const estimate = (minutes: number, rationale?: string): ProposalView => ({ tool: "propose_estimate", args: { minutes }, summary: `Estimate ${minutes} min${rationale ? `: ${rationale}` : ""}` });
const facts = (proposals: ProposalView[], report: string | null = null) => runFacts(ticket, { quality: 0.92, iterations: 2, report, proposals }, DEFAULT_VOCABULARY);

describe("run facts", () => {
  it("counts checklist items and sees whether blocking steps come first", () => {
    const first = facts([checklist(["Reproduce the double charge", "Refund the second charge", "Tell the customer"])]).checklist;
    expect(first).toMatchObject({ proposed: true, items: 3n, blocking: 1n, blockingFirst: true, firstBlocking: true });
    const buried = facts([checklist(["Refund the second charge", "Clarify with the requester which card", "Tell the customer"])]).checklist;
    expect(buried).toMatchObject({ blocking: 1n, blockingFirst: false, firstBlocking: false });
    expect(facts([]).checklist).toMatchObject({ proposed: false, items: 0n, blockingFirst: true });
  });

  it("reads an estimate's rationale, range and rounding", () => {
    expect(facts([estimate(105, "3 steps at 15 min, plus 30 for billing")]).estimate).toMatchObject({ minutes: 105n, rationale: true, range: false, roundedTo: 15n });
    expect(facts([estimate(120, "a range of 60–120 min because it touches billing")]).estimate).toMatchObject({ range: true, roundedTo: 60n, hours: 2 });
    expect(facts([estimate(47)]).estimate).toMatchObject({ rationale: false, roundedTo: 1n });
  });

  it("reads the ticket's topics and whether it has acceptance criteria", () => {
    const f = facts([]);
    expect(f.task).toMatchObject({ topics: ["billing"], hasCriteria: false, kind: "bug" });
  });

  it("counts a report's sentences as a reader does and looks at its Risks section", () => {
    const report = "## Summary\nThe customer was charged twice. Billing shows two invoices.\n\n## Next steps\n- Reproduce it\n- Refund it\n\n## Risks\n- The customer may leave; the SLA is tight.";
    expect(facts([], report).report).toMatchObject({ present: true, sentences: 5n, bullets: false, hasRisks: true, risksNameTopics: false, jargon: 1n, language: "English" });
    expect(facts([], "## Risks\n- A second refund by card would cost us twice.").report).toMatchObject({ risksNameTopics: true });
    expect(facts([], "- Charged twice\n- Refund pending").report).toMatchObject({ sentences: 2n, bullets: true, hasRisks: false });
    expect(facts([], "## Zusammenfassung\nDer Kunde hat zweimal bezahlt und die Rechnung ist nicht korrekt.").report).toMatchObject({ language: "German" });
  });

  it("tells a status change the checklist supports from one it does not", () => {
    const status = (to: string) => ({ tool: "propose_status", args: { status: to }, summary: `Mark the task ${to}` });
    expect(facts([status("in_progress")]).status).toMatchObject({ proposed: true, to: "in_progress", supported: false, reason: false });
    const started = runFacts({ ...ticket, checklist: [{ text: "Reproduce", done: true }, { text: "Refund", done: false }] }, { quality: 1, iterations: 1, report: null, proposals: [status("in_progress")] }, DEFAULT_VOCABULARY);
    expect(started.status).toMatchObject({ supported: true });
  });
});
