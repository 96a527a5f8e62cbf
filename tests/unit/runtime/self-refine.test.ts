import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { scoreGates, selfRefine } from "@/features/runtime/server/self-refine";
import type { TaskContext } from "@/ai/prompts/task-agent";
import { evaluatorModel, failingModel, sampleCalls, slowThenModel, toolModel } from "../../support/scripted-models";

const ctx: TaskContext = {
  directives: "Help people finish tasks.",
  task: { title: "Quarterly report", description: "Prepare the Q3 report.", status: "open", checklist: [], estimateMinutes: null },
  state: { wakeCounter: 0, lastWakeAt: null, slots: {} },
  observations: [],
};
const gates = [{ name: "completeness", description: "All parts present", threshold: 0.9, weight: 1 }];

function models(values: number[]) {
  return {
    execute: toolModel(sampleCalls),
    evaluate: evaluatorModel("completeness", values),
    refine: toolModel((n) => [{ tool: "write_report", input: { markdown: `## Summary\nRevision ${n}\n## Risks\nNone`, confidence: 0.8 } }]),
  };
}

describe("scoreGates (partial credit = value / threshold)", () => {
  it("weights gates and caps a passing gate at 1", () => {
    const { score, gateScores } = scoreGates(
      [
        { name: "a", description: "", threshold: 0.8, weight: 0.5 },
        { name: "b", description: "", threshold: 0.5, weight: 0.3 },
        { name: "c", description: "", threshold: 1, weight: 0.2 },
      ],
      [
        { name: "a", value: 0.4, feedback: "half" },
        { name: "b", value: 0.9, feedback: "ok" },
      ],
    );
    expect(gateScores.map((g) => g.score)).toEqual([0.5, 1, 0]);
    expect(score).toBeCloseTo(0.5 * 0.5 + 0.3 * 1 + 0);
    expect(gateScores[2].feedback).toMatch(/did not score/);
  });
});

describe("self-refine loop", () => {
  it("reaches the threshold at iteration 3: one execute, two refines", async () => {
    const m = models([0.5, 0.7, 0.95]);
    const phases: string[] = [];
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 5, models: m, onPhase: (p, i) => void phases.push(`${p}:${i}`) });
    expect(result.outcome).toBe("SUCCESS");
    if (result.outcome !== "SUCCESS") return;
    expect(result.iterations.map((i) => i.score)).toEqual([0.5 / 0.9, 0.7 / 0.9, 1].map((v) => Math.round(v * 10_000) / 10_000));
    expect(result.best.index).toBe(3);
    expect(result.best.output.report?.markdown).toContain("Revision 2");
    expect(m.execute.doGenerateCalls.filter((c) => c.prompt.at(-1)?.role !== "tool")).toHaveLength(1);
    expect(m.refine.doGenerateCalls.filter((c) => c.prompt.at(-1)?.role !== "tool")).toHaveLength(2);
    expect(phases).toEqual(["executing:1", "evaluating:1", "refining:2", "evaluating:2", "refining:3", "evaluating:3"]);
    // the refiner saw the evaluator's feedback
    expect(JSON.stringify(m.refine.doGenerateCalls[0].prompt)).toContain("Add a risks section");
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it("never reaching it ends FAILURE_MAX_ITERATIONS with the best output, not the last", async () => {
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 3, models: models([0.6, 0.8, 0.7]) });
    expect(result.outcome).toBe("FAILURE_MAX_ITERATIONS");
    if (result.outcome !== "FAILURE_MAX_ITERATIONS") return;
    expect(result.iterations).toHaveLength(3);
    expect(result.best.index).toBe(2);
    expect(result.best.output.report?.markdown).toContain("Revision 1");
  });

  it("retries a model timeout once", async () => {
    const execute = slowThenModel(1, toolModel(sampleCalls));
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 2, timeoutMs: 150, models: { ...models([0.95]), execute } });
    expect(result.outcome).toBe("SUCCESS");
    expect(execute.doGenerateCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("a second timeout is unrecoverable", async () => {
    const execute = slowThenModel(2, toolModel(sampleCalls));
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 2, timeoutMs: 100, models: { ...models([0.95]), execute } });
    expect(result).toMatchObject({ outcome: "ERROR_UNRECOVERABLE", error: expect.stringMatching(/did not answer/) });
  });

  it("all models failing → ERROR_UNRECOVERABLE", async () => {
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 3, models: { execute: failingModel(), evaluate: failingModel(), refine: failingModel() } });
    expect(result).toMatchObject({ outcome: "ERROR_UNRECOVERABLE", error: expect.stringMatching(/provider down/), iterations: [] });
  });

  it("an evaluator that keeps failing at the first evaluation keeps the output, unscored: EVALUATION_FAILED, not ERROR_UNRECOVERABLE", async () => {
    const m = models([0.95]);
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 3, models: { ...m, evaluate: failingModel("evaluator down") } });
    expect(result).toMatchObject({ outcome: "EVALUATION_FAILED", score: null, error: "The evaluator failed: evaluator down", iterations: [] });
    if (result.outcome === "EVALUATION_FAILED") expect(result.output.proposals.map((p) => p.tool)).toEqual(["propose_checklist_items", "propose_estimate"]);
    expect(m.refine.doGenerateCalls).toHaveLength(0);
  });

  it("an evaluator failing later keeps the best output it did score", async () => {
    let n = 0;
    const scoredOnce = evaluatorModel("completeness", [0.6]);
    const evaluate = new MockLanguageModelV3({
      doGenerate: async (options) => {
        if (n++ === 0) return scoredOnce.doGenerate(options);
        return { content: [{ type: "text", text: "Sorry, I can't grade this." }], finishReason: { unified: "stop", raw: "stop" }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] };
      },
    });
    const result = await selfRefine({ ctx, gates, qualityThreshold: 0.9, maxIterations: 3, models: { ...models([0.6]), evaluate } });
    expect(result).toMatchObject({ outcome: "EVALUATION_FAILED", score: 0.6667, error: expect.stringMatching(/^The evaluator failed: /) });
    if (result.outcome === "EVALUATION_FAILED") expect(result.output).toEqual(result.iterations[0].output);
  });

  it("without gates: a single execute, no evaluation", async () => {
    const m = models([0]);
    const result = await selfRefine({ ctx, gates: [], qualityThreshold: 0.9, maxIterations: 5, models: m });
    expect(result.outcome).toBeNull();
    expect(m.evaluate.doGenerateCalls).toHaveLength(0);
    if (result.outcome === null) expect(result.output.proposals.map((p) => p.tool)).toEqual(["propose_checklist_items", "propose_estimate"]);
  });
});
