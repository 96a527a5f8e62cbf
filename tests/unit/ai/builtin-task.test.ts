import type { LanguageModelV3 } from "@ai-sdk/provider";
import { generateText, Output, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { builtinModel, BuiltinLanguageModel } from "@/ai/providers/builtin";
import { evaluatePrompt, EvaluationSchema, executePrompt, refinePrompt, type Gate, type TaskContext, type WakeOutput } from "@/ai/prompts/task-agent";

// The built-in model through the real AI SDK entry points (generateText, streamText, Output.object)
// with tool definitions shaped like the task agent's, collecting what it proposes.

function recordingTools() {
  const out: WakeOutput = { proposals: [], report: null, observations: [] };
  const ok = { recorded: true };
  const tools = {
    propose_checklist_items: tool({
      inputSchema: z.object({ items: z.array(z.string().min(1).max(500)).min(1).max(20) }),
      execute: async ({ items }) => (out.proposals.push({ tool: "propose_checklist_items", args: { items }, summary: "" }), ok),
    }),
    propose_estimate: tool({
      inputSchema: z.object({ minutes: z.number().int().min(1), rationale: z.string().optional() }),
      execute: async ({ minutes }) => (out.proposals.push({ tool: "propose_estimate", args: { minutes }, summary: "" }), ok),
    }),
    propose_status: tool({
      // `reason` is required here on purpose: the model must fill fields it does not know.
      inputSchema: z.object({ status: z.enum(["open", "in_progress", "done"]), reason: z.string().min(1) }),
      execute: async ({ status }) => (out.proposals.push({ tool: "propose_status", args: { status }, summary: "" }), ok),
    }),
    record_observation: tool({
      inputSchema: z.object({ text: z.string().min(1) }),
      execute: async ({ text }) => (out.observations.push(text), ok),
    }),
    write_report: tool({
      inputSchema: z.object({ markdown: z.string().min(1), confidence: z.number().min(0).max(1).optional() }),
      execute: async ({ markdown, confidence }) => ((out.report = { markdown, confidence: confidence ?? null }), ok),
    }),
  };
  return { tools, out };
}

const ctx = (task: Partial<TaskContext["task"]> = {}): TaskContext => ({
  directives: "Keep tasks moving. Be concrete.",
  task: {
    title: "Acme: CSV export times out above 50k rows",
    description:
      "Acme's operations team exports all shipments every Monday. Since last week the export fails with a gateway timeout once the file would exceed roughly 50,000 rows. They are asking whether we can raise the limit?",
    status: "open",
    checklist: [],
    estimateMinutes: null,
    ...task,
  },
  state: { wakeCounter: 0, lastWakeAt: null, slots: {} },
  observations: [],
});

const gates: Gate[] = [
  { name: "Completeness", description: "Checklist and report cover the work.", threshold: 0.8, weight: 0.4 },
  { name: "Accuracy", description: "Estimate and status are right.", threshold: 0.9, weight: 0.3 },
  { name: "Clarity", description: "Easy to scan.", threshold: 0.8, weight: 0.2 },
  { name: "Helpfulness", description: "", threshold: 0.8, weight: 0.1 },
];

/** The self-refine score: a gate at or above its threshold counts fully, below it value / threshold. */
const score = (values: { name: string; value: number }[]) =>
  gates.reduce((sum, g) => {
    const v = values.find((x) => x.name === g.name)!.value;
    return sum + g.weight * (v >= g.threshold ? 1 : v / g.threshold);
  }, 0);

async function execute(c: TaskContext) {
  const { tools, out } = recordingTools();
  const result = await generateText({ model: builtinModel("task"), ...executePrompt(c), tools, stopWhen: stepCountIs(3) });
  return { result, out };
}

async function refine(c: TaskContext, previous: WakeOutput, feedback: string) {
  const { tools, out } = recordingTools();
  await generateText({ model: builtinModel("refiner"), ...refinePrompt(c, previous, feedback), tools, stopWhen: stepCountIs(3) });
  return out;
}

async function evaluate(c: TaskContext, output: WakeOutput) {
  const result = await generateText({ model: builtinModel("evaluator"), ...evaluatePrompt(c, output, gates), output: Output.object({ schema: EvaluationSchema }) });
  return result.output;
}

const items = (o: WakeOutput) => o.proposals.flatMap((p) => (p.tool === "propose_checklist_items" ? p.args.items : []));
const feedbackOf = (e: { gates: { name: string; value: number; feedback: string }[] }) =>
  e.gates
    .filter((g) => g.value < gates.find((x) => x.name === g.name)!.threshold)
    .map((g) => `- ${g.name}: ${g.feedback}`)
    .join("\n");

describe("built-in model: execute", () => {
  it("proposes checklist, estimate, status, observations and a report, then answers briefly", async () => {
    const { result, out } = await execute(ctx());
    const calls = result.steps[0].toolCalls.map((c) => c.toolName);
    expect(calls).toEqual(expect.arrayContaining(["propose_checklist_items", "propose_estimate", "propose_status", "record_observation", "write_report"]));
    expect(result.steps).toHaveLength(2);
    expect(result.text).toMatch(/^Done: proposed \d checklist items/);

    const list = items(out);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(3); // the deliberate draft
    expect(list.some((i) => /gateway timeout/.test(i))).toBe(true);
    expect(out.proposals).toContainEqual({ tool: "propose_status", args: { status: "in_progress" }, summary: "" });
    expect(out.observations.some((o) => o.includes("raise the limit"))).toBe(true);
    expect(out.report?.markdown).toMatch(/## Summary/);
    expect(out.report?.markdown).not.toMatch(/## Risks/);
    expect(result.totalUsage.inputTokens).toBeGreaterThan(100);
    expect(result.totalUsage.outputTokens).toBeGreaterThan(20);
  });

  it("skips items already on the checklist, proposes no estimate when there is one, and done when all items are ticked", async () => {
    const withList = await execute(ctx({ estimateMinutes: 90, checklist: [{ text: "Reproduce the problem: since last week the export fails with a gateway timeout", done: false }] }));
    expect(items(withList.out).some((i) => /gateway timeout/.test(i))).toBe(false);
    expect(withList.out.proposals.some((p) => p.tool === "propose_estimate")).toBe(false);

    const finished = await execute(ctx({ status: "in_progress", checklist: [{ text: "Ship it", done: true }] }));
    expect(finished.out.proposals).toEqual([{ tool: "propose_status", args: { status: "done" }, summary: "" }]);
  });

  it("only calls the tools it is given and is deterministic", async () => {
    const { out: a } = await execute(ctx());
    const { out: b } = await execute(ctx());
    expect(a).toEqual(b);

    const only = await generateText({ model: builtinModel("task"), ...executePrompt(ctx()), tools: { write_report: recordingTools().tools.write_report }, stopWhen: stepCountIs(3) });
    expect(only.steps[0].toolCalls.map((c) => c.toolName)).toEqual(["write_report"]);
  });
});

describe("built-in model: evaluate and refine", () => {
  it("returns one EvaluationSchema entry per gate, with specific feedback, and the draft scores below 0.9", async () => {
    const { out: draft } = await execute(ctx());
    const evaluation = await evaluate(ctx(), draft);
    expect(evaluation.gates.map((g) => g.name)).toEqual(gates.map((g) => g.name));
    expect(score(evaluation.gates)).toBeLessThan(0.9);
    const completeness = evaluation.gates.find((g) => g.name === "Completeness")!;
    expect(completeness.feedback).toMatch(/no 'Risks' section/);
    expect(completeness.feedback).toMatch(/at least 4 concrete checklist items/);
    expect(evaluation.gates.find((g) => g.name === "Accuracy")!.feedback).toMatch(/does not explain the estimate/);
  });

  it("refine adds what the feedback asks for, and the refined output scores higher (≥ 0.9 by iteration 3)", async () => {
    const c = ctx();
    let output = (await execute(c)).out;
    const scores: number[] = [];
    for (let iteration = 1; iteration <= 3; iteration++) {
      const evaluation = await evaluate(c, output);
      scores.push(score(evaluation.gates));
      if (scores.at(-1)! >= 0.9) break;
      const previous = output;
      output = await refine(c, previous, feedbackOf(evaluation));
      expect(output.report?.markdown).toMatch(/## Risks\n- .+To reduce it:/);
      expect(output.report?.markdown).toMatch(/## Estimate\nI propose/);
      expect(items(output).length).toBeGreaterThan(items(previous).length);
    }
    expect(scores[0]).toBeLessThan(0.9);
    expect(scores.at(-1)).toBeGreaterThanOrEqual(0.9);
    expect(scores.length).toBeLessThanOrEqual(3);
    expect(scores.at(-1)!).toBeGreaterThan(scores[0]);
    expect((await evaluate(c, output)).gates.every((g) => g.feedback === "Meets the bar.")).toBe(true);
  });

  it("refine only rebuilds what was criticised: risk feedback keeps the previous checklist", async () => {
    const c = ctx();
    const { out: draft } = await execute(c);
    const refined = await refine(c, draft, "- Clarity: The report is missing the Risks section; use Summary, Next steps and Risks.");
    expect(items(refined)).toEqual(items(draft));
    expect(refined.report?.markdown).toMatch(/## Risks/);
    expect(refined.observations).toEqual(draft.observations);
  });
});

describe("built-in model: streaming", () => {
  it("streams tool calls (with input deltas) and the final text in several deltas", async () => {
    const { tools, out } = recordingTools();
    const result = streamText({ model: new BuiltinLanguageModel("task", { streamDelayMs: 0 }), ...executePrompt(ctx()), tools, stopWhen: stepCountIs(3) });
    const kinds = new Set<string>();
    for await (const part of result.fullStream) kinds.add(part.type);
    const deltas: string[] = [];
    for await (const d of result.textStream) deltas.push(d);
    expect([...kinds]).toEqual(expect.arrayContaining(["tool-input-start", "tool-input-delta", "tool-call", "tool-result", "text-delta", "finish"]));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(await result.text);
    expect(out.report?.markdown).toMatch(/## Summary/);
    expect((await result.steps)[0].toolCalls.length).toBeGreaterThanOrEqual(4);
  });

  it("is a LanguageModelV3 with one id per role", () => {
    const model: LanguageModelV3 = builtinModel("evaluator");
    expect(model.specificationVersion).toBe("v3");
    expect(model.modelId).toBe("builtin-evaluator");
    expect(builtinModel("evaluator")).toBe(model);
  });
});
