import { generateText, stepCountIs, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { applyClauseEdits } from "@/ai/directives/edit";
import { readDirectives } from "@/ai/directives/policy";
import { ProposeDirectivesInput, RecordNoteInput, improverProviderOptions, improverScaffold, type ImproverContextFacts } from "@/ai/prompts/improver";
import { BuiltinLanguageModel } from "@/ai/providers/builtin";
import { evaluateOutput } from "@/ai/providers/builtin/evaluate";
import { isQuestion } from "@/ai/providers/builtin/improve-clauses";
import { requestedFixes } from "@/ai/providers/builtin/refine";
import { buildReport, DRAFT } from "@/ai/providers/builtin/report";

// Coherent edits and honest answers (issue 33, found walking the demo): a question gets an answer
// and no proposal; a new rule replaces the line it contradicts, numbers in words and ranges
// included; a gate fails an output that never says what the gate names.

const HEAD = "You triage support tickets.\n- Three to five steps.\n- Set a priority.";
const context: ImproverContextFacts = {
  head: { version: 4, directives: HEAD, truncated: false },
  feedback: { negative: [{ category: "accuracy", count: 4, example: "The estimate was off" }], positive: [], totals: { negative: 4, positive: 0 }, patterns: [] },
  lines: { metrics: [], decisions: ["Most rejected:", '"Way too many steps" (propose_checklist_items) ×3'], reports: [], observations: [], notes: [], versions: [], delta: [] },
  agentIds: [],
};

async function chat(text: string) {
  const proposals: ProposeDirectivesInput[] = [];
  const messages: ModelMessage[] = [{ role: "user", content: text }];
  const result = await generateText({
    model: new BuiltinLanguageModel("improver"),
    system: improverScaffold({ templateName: "Triage", origin: "interactive" }),
    providerOptions: improverProviderOptions({ context, turn: { kind: "message" } }),
    messages,
    tools: {
      propose_directives: tool({ inputSchema: ProposeDirectivesInput, execute: async (p) => (proposals.push(p), { ok: true }) }),
      record_evolution_note: tool({ inputSchema: RecordNoteInput, execute: async () => ({ ok: true }) }),
    },
    stopWhen: stepCountIs(2),
  });
  return { text: result.text, proposals };
}

describe("a question gets an answer, not a proposal", () => {
  it.each(["Could you explain which feedback you used to make this proposal?", "Explain which feedback you used.", "Why did you pick that limit?", "Which complaints came up most?"])("%s", async (q) => {
    expect(isQuestion(q)).toBe(true);
    const { text, proposals } = await chat(q);
    expect(proposals).toHaveLength(0);
    expect(text).toMatch(/Feedback:|From the/);
    expect(text).not.toMatch(/Explain which feedback/);
  });

  it.each(["Could you make the checklists shorter?", "Why don't we drop the priority line?", "How about fewer steps?"])("a request phrased as a question is still a request: %s", (q) => {
    expect(isQuestion(q)).toBe(false);
  });
});

describe("a new rule replaces the line it contradicts", () => {
  it.each(["Three to five steps.", "Checklists: 3–5 items.", "Use between three and five checklist steps.", "No more than five steps."])("%s", (line) => {
    const directives = `You triage.\n- ${line}\n- Set a priority.`;
    expect(readDirectives(directives).checklist.maxItems).toBe(5);
    const { directives: edited } = applyClauseEdits(directives, [{ kind: "checklist.maxItems", to: { kind: "checklist.maxItems", n: 3 } }]);
    expect(edited).not.toContain(line);
    expect(edited.split("\n").filter((l) => /\b(?:steps|items)\b/.test(l))).toHaveLength(1);
    expect(readDirectives(edited).checklist.maxItems).toBe(3);
  });
});

describe("a gate checks what it names", () => {
  const task = { title: "Refund failed twice", status: "open" as const, estimateMinutes: null, description: "The customer was charged twice; route it and set a priority.", checklist: [], recentObservations: [] };
  const gates = [
    { name: "Correct routing", description: "Sent to the right queue", threshold: 0.8, weight: 1 },
    { name: "Priority matches SLA", description: "", threshold: 0.8, weight: 1 },
  ];
  const output = (report: string) => ({ proposals: [{ tool: "propose_estimate" as const, args: { minutes: 30 }, summary: "Estimate 30 min: one check." }], report: { markdown: report, confidence: 0.8 }, observations: [] });

  it("an output that names neither routing nor a priority fails both gates, saying what is missing", () => {
    const e = evaluateOutput(task, gates, output("## Summary\nThe refund failed.\n\n## Next steps\n- Check the payment log\n\n## Risks\n- None known. To reduce it: check again."));
    for (const g of e.gates) expect(g.value, g.name).toBeLessThanOrEqual(0.5);
    expect(e.gates[0]!.feedback).toMatch(/checks where the task goes/);
    expect(e.gates[1]!.feedback).toMatch(/checks a priority/);
  });

  it("an output that names both can pass them", () => {
    const e = evaluateOutput(task, gates, output("## Summary\nThe refund failed; routed to the billing queue as P2 (SLA 24 h).\n\n## Next steps\n- Check the payment log\n\n## Risks\n- None known. To reduce it: check again."));
    for (const g of e.gates) expect(g.feedback, g.name).not.toMatch(/neither the report nor the proposals/);
  });
});

describe("the built-in agent acts on such a gate's feedback", () => {
  it("states the priority and where the ticket goes when the evaluator says they are missing", () => {
    const feedback = 'The gate "Correct routing" checks where the task goes (which queue, team or person takes it), but neither the report nor the proposals say it; state it explicitly.';
    expect(requestedFixes(feedback).has("triage")).toBe(true);
    const task = { title: "Customer charged twice for one order", status: "open" as const, estimateMinutes: null, description: "The refund did not go through.", checklist: [], recentObservations: [] };
    expect(buildReport({ task, proposedItems: [], proposedEstimate: null, polish: DRAFT })).not.toMatch(/Priority P/);
    expect(buildReport({ task, proposedItems: [], proposedEstimate: null, polish: { ...DRAFT, triage: true } })).toMatch(/Priority P2; route it to the billing queue\./);
  });
});
