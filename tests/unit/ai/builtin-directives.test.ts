import { generateText, Output, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { clauseText, type ClauseParams } from "@/ai/directives/policy";
import { evaluatePrompt, EvaluationSchema, executePrompt, refinePrompt, WakeOutputSchema, type Gate, type TaskContext, type WakeOutput } from "@/ai/prompts/task-agent";
import { builtinModel } from "@/ai/providers/builtin";
import { blockingOutOfOrder, isBlocking } from "@/ai/providers/builtin/blocking";
import { reportSentenceCount } from "@/ai/providers/builtin/report-shape";
import { collected, newCollector } from "@/ai/tools/collector";
import { taskAgentTools } from "@/ai/tools/task-agent-tools";

// The built-in task agent honours the directive clauses (src/ai/directives/policy.ts): each
// clause's canonical sentence, as the template's directives, changes what it proposes for one fixed
// task, through the AI SDK with the real task-agent tools. The empty policy changes nothing.

const TASK: TaskContext["task"] = {
  title: "Acme: invoice webhooks fail for EU customers",
  description:
    "Since the billing API upgrade (ENG-412) invoice webhooks fail for EU customers with a 500 error. Finance asks whether we can resend the missed invoices? Check the PR that changed the signing secret. Update the runbook once the fix is deployed.",
  status: "open",
  checklist: [],
  estimateMinutes: null,
};

const ctx = (directives: string, task: Partial<TaskContext["task"]> = {}): TaskContext => ({
  directives,
  task: { ...TASK, ...task },
  state: { wakeCounter: 0, lastWakeAt: null, slots: {} },
  observations: [],
});

async function execute(c: TaskContext): Promise<WakeOutput> {
  const collector = newCollector();
  await generateText({ model: builtinModel("task"), ...executePrompt(c), tools: taskAgentTools(collector), stopWhen: stepCountIs(3) });
  return collected(collector);
}

async function refine(c: TaskContext, previous: WakeOutput, feedback: string): Promise<WakeOutput> {
  const collector = newCollector();
  await generateText({ model: builtinModel("refiner"), ...refinePrompt(c, previous, feedback), tools: taskAgentTools(collector), stopWhen: stepCountIs(3) });
  return collected(collector);
}

const gates: Gate[] = [
  { name: "Completeness", description: "Checklist and report cover the work.", threshold: 0.8, weight: 0.5 },
  { name: "Accuracy", description: "Estimate and status are right.", threshold: 0.9, weight: 0.3 },
  { name: "Clarity", description: "Easy to scan.", threshold: 0.8, weight: 0.2 },
];

async function evaluate(c: TaskContext, output: WakeOutput) {
  const result = await generateText({ model: builtinModel("evaluator"), ...evaluatePrompt(c, output, gates), output: Output.object({ schema: EvaluationSchema }) });
  return result.output.gates;
}

const items = (o: WakeOutput) => o.proposals.flatMap((p) => (p.tool === "propose_checklist_items" ? p.args.items : []));
const estimate = (o: WakeOutput) => o.proposals.find((p) => p.tool === "propose_estimate");
const status = (o: WakeOutput) => o.proposals.find((p) => p.tool === "propose_status");
const report = (o: WakeOutput) => o.report?.markdown ?? "";

// Today's draft for the fixed task, before directives meant anything (main at d772a4a).
const TODAY = {
  items: [
    "Reproduce the problem: since the billing API upgrade (ENG-412) invoice webhooks fail for EU customers with a 500 error",
    "Answer whether we can resend the missed invoices",
    "Check the PR that changed the signing secret",
  ],
  estimate: { minutes: 210, summary: "Estimate 3 h 30 min" },
  status: "Mark the task in progress: 3 open steps are planned",
  report: [
    "## Summary",
    '"Acme: invoice webhooks fail for EU customers" is open. There is no checklist yet. Since the billing API upgrade (ENG-412) invoice webhooks fail for EU customers with a 500 error.',
    "",
    "## Next steps",
    "- Reproduce the problem: since the billing API upgrade (ENG-412) invoice webhooks fail for EU customers with a 500 error",
    "- Answer whether we can resend the missed invoices",
    "- Check the PR that changed the signing secret",
  ].join("\n"),
};

type Row = [ClauseParams, (o: WakeOutput) => void];

const CLAUSES: Row[] = [
  [{ kind: "checklist.maxItems", n: 2 }, (o) => expect(items(o)).toEqual(TODAY.items.slice(0, 2))],
  [
    { kind: "checklist.blockingFirst" },
    (o) => {
      // "Write down what done means…" is a blocking step and comes in before the non-blocking ones.
      expect(items(o)).toEqual([TODAY.items[0], 'Write down what done means for "invoice webhooks fail for EU customers" and confirm it', TODAY.items[1]]);
      expect(blockingOutOfOrder(items(o))).toBeNull();
    },
  ],
  [
    { kind: "estimate.rationale" },
    (o) => {
      expect(estimate(o)?.summary).toBe("Estimate 3 h 30 min: about 6 steps of work at 15 min each, plus 25 min to read up and hand over, plus 90 min because it touches webhook, billing, api.");
      expect(report(o)).toMatch(/\n## Estimate\nI propose 3 h 30 min: about 6 steps/);
    },
  ],
  [{ kind: "estimate.roundTo", n: 60 }, (o) => expect(estimate(o)?.args).toEqual({ minutes: 180 })],
  [
    { kind: "estimate.rangeForRisky" },
    (o) => {
      expect(estimate(o)?.args).toEqual({ minutes: 420 }); // the upper bound
      expect(estimate(o)?.summary).toBe("Estimate 7 h: a range of 3 h 30 min–7 h for risky work (webhook, billing, api), so I propose the upper bound.");
      expect(report(o)).toMatch(/## Estimate\nI propose 7 h: a range of 3 h 30 min–7 h/);
    },
  ],
  [{ kind: "risks.topics", topics: ["security", "billing"] }, (o) => expect(report(o)).toMatch(/\n## Risks\n- The task touches billing, where mistakes are costly\. To reduce it: .+$/)],
  [
    { kind: "criteria.ask" },
    (o) => {
      expect(items(o)[0]).toBe('Ask the requester for the acceptance criteria of "invoice webhooks fail for EU customers"');
      expect(o.observations[0]).toMatch(/^No acceptance criteria for .+ I added a checklist step to ask the requester\.$/);
    },
  ],
  [
    { kind: "report.maxSentences", n: 4 },
    (o) => {
      expect(reportSentenceCount(TODAY.report)).toBe(6);
      expect(reportSentenceCount(report(o))).toBe(4);
      expect(report(o)).toMatch(/^## Summary\n.+\n\n## Next steps\n- Reproduce the problem/);
    },
  ],
  [{ kind: "report.bullets" }, (o) => expect(report(o)).toMatch(/^## Summary\n- "Acme: invoice webhooks fail for EU customers" is open\.\n- There is no checklist yet\.\n- Since /)],
  [
    { kind: "report.plainWords" },
    (o) => {
      expect(report(o)).not.toMatch(/ENG-412|\bAPI\b|webhooks|\bPR\b|\(\)/);
      expect(report(o)).toContain("Since the billing interface upgrade invoice automatic notifications fail");
      expect(report(o)).toContain("- Check the code change that changed the signing secret");
      expect(items(o)).toEqual(TODAY.items); // only the report is reworded
    },
  ],
  [{ kind: "status.mode", mode: "never" }, (o) => expect(status(o)).toBeUndefined()],
  [{ kind: "status.mode", mode: "whenSupported" }, (o) => expect(status(o)).toBeUndefined()], // no checklist item is done yet
  [
    { kind: "language", language: "German" },
    (o) => {
      expect(report(o)).toMatch(/^## Zusammenfassung\n"Acme: invoice webhooks fail for EU customers" ist offen\. Es gibt noch keine Checkliste\. Since the billing/);
      expect(report(o)).toMatch(/\n## Nächste Schritte\n- Reproduce the problem/); // the task's own words stay as they are
    },
  ],
  [{ kind: "language", language: "French" }, (o) => expect(report(o)).toMatch(/^## Résumé\n.+ est ouverte\. Il n'y a pas encore de liste de contrôle\.[^]+\n## Prochaines étapes\n/)],
  [{ kind: "language", language: "Spanish" }, (o) => expect(report(o)).toMatch(/^## Resumen\n.+ está abierta\. Todavía no hay lista de verificación\.[^]+\n## Próximos pasos\n/)],
];

describe("built-in task agent: directive clauses", () => {
  it("without clauses it drafts what it always did", async () => {
    const draft = await execute(ctx("Keep tasks moving. Be concrete."));
    expect(items(draft)).toEqual(TODAY.items);
    expect(estimate(draft)).toMatchObject({ args: { minutes: TODAY.estimate.minutes }, summary: TODAY.estimate.summary });
    expect(status(draft)?.summary).toBe(TODAY.status);
    expect(report(draft)).toBe(TODAY.report);
  });

  it.each(CLAUSES)("%j changes the draft as the clause asks", async (clause, check) => {
    const draft = await execute(ctx(`You fix billing problems.\n- ${clauseText(clause)}`));
    check(draft);
    expect(draft).not.toEqual(await execute(ctx("You fix billing problems.")));
  });

  it("an empty policy changes nothing: unknown lines, or none, give the same execute, refine and JSON answers", async () => {
    const variants = ["", "You fix billing problems.", "Be kind.\n- Always greet the customer by name.\n- Prefer short words."];
    const answers = await Promise.all(
      variants.map(async (directives) => {
        const c = ctx(directives);
        const draft = await execute(c);
        const refined = await refine(c, draft, "- Completeness: make it complete.");
        const json = await generateText({ model: builtinModel("task"), ...executePrompt(c), output: Output.object({ schema: WakeOutputSchema }) });
        return { draft, refined, json: json.output, evaluation: await evaluate(c, refined) };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(report(answers[0].draft)).toBe(TODAY.report);
  });

  it("combines clauses, and the JSON answer (toWakeOutput) honours them too", async () => {
    const directives = [clauseText({ kind: "checklist.maxItems", n: 2 }), clauseText({ kind: "estimate.rationale" }), clauseText({ kind: "estimate.roundTo", n: 60 }), clauseText({ kind: "status.mode", mode: "never" })].join("\n");
    const { output } = await generateText({ model: builtinModel("task"), ...executePrompt(ctx(directives)), output: Output.object({ schema: WakeOutputSchema }) });
    expect(items(output)).toHaveLength(2);
    expect(estimate(output)).toMatchObject({ args: { minutes: 180 }, summary: expect.stringMatching(/^Estimate 180 min: about 6 steps/) });
    expect(status(output)).toBeUndefined();
    expect(report(output)).toMatch(/## Estimate\nI propose 3 h: /);
  });

  it("status only when the checklist supports it: in progress once an item is done, done when all are", async () => {
    const whenSupported = clauseText({ kind: "status.mode", mode: "whenSupported" });
    const started = await execute(ctx(whenSupported, { checklist: [{ text: "Get access to the billing logs", done: true }, { text: "Fix the signing secret", done: false }] }));
    expect(status(started)?.args).toEqual({ status: "in_progress" });
    const finished = await execute(ctx(whenSupported, { status: "in_progress", checklist: [{ text: "Fix the signing secret", done: true }] }));
    expect(status(finished)?.args).toEqual({ status: "done" });
    const never = await execute(ctx(clauseText({ kind: "status.mode", mode: "never" }), { status: "in_progress", checklist: [{ text: "Fix the signing secret", done: true }] }));
    expect(never.proposals).toEqual([]);
  });

  it("refine keeps the clauses: the complete output still has at most N items, in German", async () => {
    const c = ctx(`${clauseText({ kind: "checklist.maxItems", n: 5 })}\n${clauseText({ kind: "language", language: "German" })}`);
    const refined = await refine(c, await execute(c), "- Completeness: make it complete.");
    expect(items(refined)).toHaveLength(5);
    expect(report(refined)).toMatch(/\n## Risiken\n- .+ Zur Minderung: .+\n[^]*\n## Schätzung\nIch schlage 3 h 30 min vor: etwa 6 Arbeitsschritte/);
  });
});

describe("built-in evaluator: directive compliance", () => {
  const seven: WakeOutput = {
    proposals: [{ tool: "propose_checklist_items", args: { items: ["Reproduce the 500 error on EU invoices", "Check the signing secret change", "Fix the signature check", "Resend the missed invoices", "Update the runbook", "Tell finance", "Close the incident"] }, summary: "" }],
    report: { markdown: TODAY.report, confidence: 0.5 },
    observations: ["No due date."],
  };

  it("says when the output proposes more items than the directives allow, and refine fixes it", async () => {
    const c = ctx(clauseText({ kind: "checklist.maxItems", n: 5 }));
    const before = await evaluate(c, seven);
    const completeness = before.find((g) => g.name === "Completeness")!;
    expect(completeness.feedback).toContain("The directives ask for at most 5 checklist items; the output proposes 7.");
    expect(before.find((g) => g.name === "Clarity")!.feedback).not.toContain("The directives"); // a checklist clause, not a clarity one

    const refined = await refine(c, seven, `- Completeness: ${completeness.feedback}`);
    expect(items(refined).length).toBeLessThanOrEqual(5);
    expect((await evaluate(c, refined)).find((g) => g.name === "Completeness")!.feedback).not.toContain("The directives");
  });

  it("checks the status, plain-words, sentence and language clauses where they belong", async () => {
    const withStatus: WakeOutput = { ...seven, proposals: [...seven.proposals, { tool: "propose_status", args: { status: "in_progress" }, summary: "" }] };
    const never = await evaluate(ctx(clauseText({ kind: "status.mode", mode: "never" })), withStatus);
    expect(never.find((g) => g.name === "Accuracy")!.feedback).toContain("The directives say never to propose a status change; drop the proposed status 'in_progress'.");

    const clarity = (await evaluate(ctx([clauseText({ kind: "report.plainWords" }), clauseText({ kind: "report.maxSentences", n: 4 }), clauseText({ kind: "language", language: "German" })].join("\n")), seven)).find((g) => g.name === "Clarity")!;
    expect(clarity.feedback).toContain('The directives ask for plain words; say "ENG-412", "PR", "API" in plain words.');
    expect(clarity.feedback).toContain("The directives ask for at most 4 sentences in the report; it has 6.");
    expect(clarity.feedback).toContain("The directives ask for reports in German");
  });

  it("an empty policy scores exactly as before, and a German report's headings are recognised", async () => {
    expect(await evaluate(ctx("Be concrete."), seven)).toEqual(await evaluate(ctx(""), seven));
    const c = ctx(clauseText({ kind: "language", language: "German" }));
    const german = await refine(c, await execute(c), "- Completeness: make it complete.");
    const gatesNow = await evaluate(c, german);
    expect(gatesNow.every((g) => g.feedback === "Meets the bar.")).toBe(true);
  });
});

describe("blocking steps (checklist.blockingFirst)", () => {
  it.each([
    ["Reproduce the problem: exports time out", true], // gets what the rest needs
    ["Clarify with the requester: which invoices?", true],
    ["Get access to the billing logs", true],
    ["Confirm the scope with finance", true],
    ["Rotate the key before anything else", true], // says so
    ["Deploy the fix", true], // "Update the runbook once the fix is deployed" waits for it
    ["Update the runbook once the fix is deployed", false],
    ["Share a short status update", false],
  ])("%s → %s", (item, blocking) => {
    const all = ["Deploy the fix", "Update the runbook once the fix is deployed", "Share a short status update", item];
    expect(isBlocking(item, all)).toBe(blocking);
  });
});
