import "server-only";
import { generateText, stepCountIs, type LanguageModel } from "ai";
import { evaluatePrompt, EvaluationSchema, executePrompt, refinePrompt, type Gate, type TaskContext, type TaskPhasePrompt, type WakeOutput } from "@/ai/prompts/task-agent";
import { collected, newCollector } from "@/ai/tools/collector";
import { ModelCallError, withModelRetry } from "@/ai/retry";
import { modelLimits } from "@/ai/limits";
import { generateStructured } from "@/ai/structured";
import { taskAgentTools } from "@/ai/tools/task-agent-tools";
import { modelTelemetry, type ModelCallTags } from "@/ai/telemetry";
import { UsageMeter, type Usage } from "@/ai/usage";
import type { RunPhase } from "../phase";

// The self-refine loop: execute once → evaluate against the template's weighted gates →
// refine with the evaluator's feedback → … until the quality threshold (SUCCESS) or the last
// iteration (FAILURE_MAX_ITERATIONS, with the BEST output, not the last). A model timeout (or a
// retryable provider error) is retried once. An evaluation that still fails (or answers nothing the
// schema accepts) never throws the work away: the loop ends as EVALUATION_FAILED with the best
// scored output so far, or — at the first evaluation — the unscored output (quality unknown). An
// execute or refine that still fails ends the run as ERROR_UNRECOVERABLE.

export type RefineModels = { execute: LanguageModel; evaluate: LanguageModel; refine: LanguageModel };
/** The loop's phases; the wake adds "saving" (../phase.ts). */
export type Phase = Exclude<RunPhase, "saving">;
export type Outcome = "SUCCESS" | "FAILURE_MAX_ITERATIONS" | "EVALUATION_FAILED" | "ERROR_UNRECOVERABLE";

export type GateScore = { name: string; value: number; threshold: number; weight: number; score: number; feedback: string };
export type IterationRecord = { index: number; score: number; gateScores: GateScore[]; feedback: string; output: WakeOutput };
export type { Usage };

export type RefineResult =
  | { outcome: "SUCCESS" | "FAILURE_MAX_ITERATIONS"; best: IterationRecord; iterations: IterationRecord[]; usage: Usage }
  /** The evaluator failed: the best scored output so far, or the unscored one (`score` null). */
  | { outcome: "EVALUATION_FAILED"; output: WakeOutput; score: number | null; error: string; iterations: IterationRecord[]; usage: Usage }
  /** `retryable` false: running the wake again will not help (the provider refused the key, the model is unknown…). */
  | { outcome: "ERROR_UNRECOVERABLE"; error: string; retryable: boolean; iterations: IterationRecord[]; usage: Usage }
  /** No gates configured: one execute, no evaluation. */
  | { outcome: null; output: WakeOutput; iterations: []; usage: Usage };

/** Partial credit: a gate at or above its threshold scores 1, below it value / threshold. */
export function scoreGates(gates: Gate[], answer: { name: string; value: number; feedback: string }[]): { score: number; gateScores: GateScore[] } {
  const gateScores = gates.map((g) => {
    const found = answer.find((a) => a.name.toLowerCase() === g.name.toLowerCase());
    const value = found ? Math.min(1, Math.max(0, found.value)) : 0;
    const score = value >= g.threshold ? 1 : value / g.threshold;
    return { name: g.name, value, threshold: g.threshold, weight: g.weight, score, feedback: found?.feedback ?? "The evaluator did not score this gate." };
  });
  const score = gateScores.reduce((sum, g) => sum + g.weight * g.score, 0);
  return { score: Math.round(score * 10_000) / 10_000, gateScores };
}

/** One model call: a timeout or a retryable provider error is retried once, with backoff (src/ai/retry.ts). */
const call = <T>(timeoutMs: number, model: LanguageModel, fn: (signal: AbortSignal) => PromiseLike<T>) => withModelRetry(fn, { retries: 1, timeoutMs, provider: model });

export async function selfRefine(options: {
  ctx: TaskContext;
  gates: Gate[];
  qualityThreshold: number;
  maxIterations: number;
  models: RefineModels;
  timeoutMs?: number;
  onPhase?: (phase: Phase, iteration: number) => Promise<void> | void;
  /** Counts the tokens per role and model (the usage ledger); the result's `usage` is its total. */
  meter?: UsageMeter;
  /** Who the calls are for, on their trace spans (src/ai/telemetry.ts). */
  tags?: ModelCallTags;
}): Promise<RefineResult> {
  const { ctx, gates, models } = options;
  const meter = options.meter ?? new UsageMeter();
  const iterations: IterationRecord[] = [];
  // This loop's own total (a meter passed in may also count other work).
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const add = (role: "task" | "evaluator" | "refiner", model: LanguageModel, u: { inputTokens?: number; outputTokens?: number } | undefined) => {
    meter.add(role, model, u);
    usage.inputTokens += u?.inputTokens ?? 0;
    usage.outputTokens += u?.outputTokens ?? 0;
  };
  const telemetry = (role: "task" | "evaluator" | "refiner") => (options.tags ? { experimental_telemetry: modelTelemetry(role, options.tags) } : {});

  const toolPhase = async (model: LanguageModel, prompt: TaskPhasePrompt, role: "task" | "refiner") => {
    const collector = newCollector();
    const limits = modelLimits(role);
    const result = await call(options.timeoutMs ?? limits.timeoutMs, model, (abortSignal) =>
      generateText({ model, ...prompt, tools: taskAgentTools(collector), stopWhen: stepCountIs(4), maxOutputTokens: limits.maxOutputTokens, maxRetries: 0, abortSignal, ...telemetry(role) }),
    );
    add(role, model, result.totalUsage);
    return collected(collector);
  };

  // Read tolerantly and re-asked once with what was wrong (src/ai/structured.ts): a sloppy answer
  // is not a failed evaluation.
  const evaluate = async (output: WakeOutput) => {
    const limits = modelLimits("evaluator");
    const result = await call(options.timeoutMs ?? limits.timeoutMs, models.evaluate, (abortSignal) =>
      generateStructured({ model: models.evaluate, ...evaluatePrompt(ctx, output, gates), schema: EvaluationSchema, maxOutputTokens: limits.maxOutputTokens, abortSignal, ...telemetry("evaluator") }),
    );
    add("evaluator", models.evaluate, result.usage);
    return result.output;
  };

  try {
    await options.onPhase?.("executing", 1);
    let output = await toolPhase(models.execute, executePrompt(ctx), "task");
    if (gates.length === 0) return { outcome: null, output, iterations: [], usage };

    for (let index = 1; ; index++) {
      await options.onPhase?.("evaluating", index);
      let evaluation: Awaited<ReturnType<typeof evaluate>>;
      try {
        evaluation = await evaluate(output);
      } catch (e) {
        const error = `The evaluator failed: ${e instanceof Error ? e.message : String(e)}`;
        // Keep the work: the best output it did score, else this one, unscored.
        const scored = iterations.length ? iterations.reduce((a, b) => (b.score > a.score ? b : a)) : null;
        return { outcome: "EVALUATION_FAILED", output: scored?.output ?? output, score: scored?.score ?? null, error, iterations, usage };
      }
      const { score, gateScores } = scoreGates(gates, evaluation.gates);
      const feedback = gateScores.filter((g) => g.score < 1).map((g) => `- ${g.name}: ${g.feedback}`).join("\n");
      iterations.push({ index, score, gateScores, feedback, output });
      const best = iterations.reduce((a, b) => (b.score > a.score ? b : a));
      if (score >= options.qualityThreshold) return { outcome: "SUCCESS", best: iterations[iterations.length - 1], iterations, usage };
      if (index >= options.maxIterations) return { outcome: "FAILURE_MAX_ITERATIONS", best, iterations, usage };
      await options.onPhase?.("refining", index + 1);
      output = await toolPhase(models.refine, refinePrompt(ctx, output, feedback), "refiner");
    }
  } catch (e) {
    return { outcome: "ERROR_UNRECOVERABLE", error: e instanceof Error ? e.message : String(e), retryable: !(e instanceof ModelCallError) || e.retryable, iterations, usage };
  }
}

/** What a loop result means for a run: the output to save, its score, or the error (a wake saves it; a replay or the lab's external agent reports it). */
export function settleRefineResult(result: RefineResult): { output: WakeOutput | null; qualityScore: number | null; error: string | null; note?: string } {
  switch (result.outcome) {
    case null:
      return { output: result.output, qualityScore: null, error: null };
    case "SUCCESS":
    case "FAILURE_MAX_ITERATIONS":
      return { output: result.best.output, qualityScore: result.best.score, error: null };
    case "EVALUATION_FAILED":
      // The output is saved (a person still decides every proposal); the run says why it is unscored.
      return { output: result.output, qualityScore: result.score, error: null, note: result.error };
    case "ERROR_UNRECOVERABLE":
      return { output: null, qualityScore: null, error: result.error };
  }
}
