import "server-only";
import type { WakeReason } from "@/generated/prisma/client";
import { getModel } from "@/ai/models";
import { UsageMeter } from "@/ai/usage";
import { applyRunToState } from "@/features/agents/server";
import { recordObservation, writeReport } from "@/features/agents/server";
import { createChangeSet } from "@/features/decisions/server";
import { recordModelUsage } from "@/features/usage/server";
import { requestFeedbackClassification } from "@/inngest/send";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import type { Scope } from "@/server/scope";
import { withSpan } from "@/server/tracing";
import { loadWakeContext } from "./load-wake-context";
import { recordRunPhase } from "./record-run-phase";
import { captureRunInputs } from "./run-inputs";
import { selfRefine, settleRefineResult, type RefineModels, type RefineResult } from "./self-refine";
import type { RunPhase } from "../phase";

/** The save of a finished wake: room for a loaded database (waiting for a connection, slow writes). */
const SAVE_TRANSACTION = { maxWait: 10_000, timeout: 30_000 };

/** `retryable` false on a failure that running the wake again cannot fix (a refused key, an unknown model). */
export type WakeResult = { runId: string | null; status: "succeeded" | "failed" | "skipped"; error?: string; retryable?: boolean };

/**
 * One task-agent wake, run by the job engine with single-flight per agent:
 *  1. load the agent, task, state, head version (or its probation arm's) and recent observations
 *     (skip if it cannot run);
 *  2. open a WakeRun (status running, no phase yet) recording the version it uses and what it
 *     was given (run-inputs.ts: task, state, observations, refine config — enough to replay it);
 *  3. self-refine: execute → evaluate → refine …, each phase recorded on the run as it starts
 *     (recordRunPhase: executing, evaluating, refining; then saving) for the live status;
 *  4. in ONE transaction: the refine iterations, the accepted output (change set for a person,
 *     report, observations), the finished run (tokens, duration, quality score, outcome) and the
 *     agent state (failure streak reset on success, +1 on failure).
 * Models default to the registry; tests pass scripted ones.
 */
export function runTaskAgentWake(input: WakeInput): Promise<WakeResult> {
  // One span per wake: its model calls and queries are its children in a trace.
  return withSpan("agent.wake", { "agent.id": input.agentId, "workspace.id": input.workspaceId, "wake.reason": input.reason }, () => wake(input));
}

type WakeInput = {
  workspaceId: string; agentId: string; reason: WakeReason; models?: Partial<RefineModels>; timeoutMs?: number;
  /** Told after each phase is recorded (tests watch the order). */
  onPhaseRecorded?: (phase: RunPhase, iteration: number | null) => Promise<void> | void;
};

async function wake(input: WakeInput): Promise<WakeResult> {
  const loaded = await loadWakeContext(input);
  if (!loaded) return { runId: null, status: "skipped" };
  const { agent, version, probation, refine, ctx, taskId } = loaded;
  const scope: Scope = { workspaceId: input.workspaceId, actorUserId: null };
  const models: RefineModels = {
    execute: input.models?.execute ?? getModel("task", refine.models.execute ?? loaded.modelId),
    evaluate: input.models?.evaluate ?? getModel("evaluator", refine.models.evaluate),
    refine: input.models?.refine ?? getModel("refiner", refine.models.refine),
  };

  // Wakes of one agent never overlap (single-flight on both drivers), so a run of this agent still
  // "running" now was cut off by a process that died; its retry is this wake.
  await db.wakeRun.updateMany({
    where: { workspaceId: input.workspaceId, agentId: agent.id, status: "running" },
    data: { status: "failed", finishedAt: new Date(), phase: null, phaseIteration: null, error: "Interrupted by a restart" },
  });
  const startedAt = new Date();
  const run = await db.wakeRun.create({
    data: {
      workspaceId: input.workspaceId, agentId: agent.id, templateId: agent.templateId, templateVersionId: version.id,
      reason: input.reason, status: "running", startedAt,
      // The probation it takes part in and its arm (the version above is the arm's).
      probationId: probation?.id ?? null, arm: probation?.arm ?? null,
      // What it is given, so it can be played again with other directives (run-inputs.ts).
      inputs: captureRunInputs(ctx, refine),
    },
    select: { id: true },
  });

  const enterPhase = async (phase: RunPhase, iteration: number | null) => {
    await recordRunPhase({ runId: run.id, phase, iteration });
    await input.onPhaseRecorded?.(phase, iteration);
  };
  const meter = new UsageMeter();
  const usage = () => ({ workspaceId: input.workspaceId, templateId: agent.templateId, at: startedAt, entries: meter.entries() });
  let result: RefineResult;
  try {
    result = await selfRefine({
      meter,
      tags: { workspaceId: input.workspaceId, templateId: agent.templateId, templateVersion: version.number, agentId: agent.id, runId: run.id },
      ctx,
      gates: refine.gates,
      qualityThreshold: refine.qualityThreshold,
      maxIterations: refine.maxIterations,
      models,
      timeoutMs: input.timeoutMs,
      onPhase: enterPhase,
    });
  } catch (e) {
    result = { outcome: "ERROR_UNRECOVERABLE", error: e instanceof Error ? e.message : String(e), retryable: true, iterations: [], usage: { inputTokens: 0, outputTokens: 0 } };
  }

  const { output, qualityScore, error, note } = settleRefineResult(result);
  const failed = error !== null;
  // A failed save leaves the run failed below; a failed phase write must not lose the work.
  await enterPhase("saving", null).catch((e: unknown) => logger.warn("wake: could not record the saving phase", { runId: run.id, ...errorFields(e) }));
  // The run ends after its last write, by the same clock that stamps its start and every saved row.
  let finishedAt = new Date();
  try {
    await db.$transaction(async (tx) => {
      if (result.iterations.length) {
        await tx.refineIteration.createMany({
          data: result.iterations.map((it) => ({
            workspaceId: input.workspaceId, wakeRunId: run.id, index: it.index, score: it.score,
            gateScores: it.gateScores, feedback: it.feedback, output: JSON.stringify(it.output),
          })),
        });
      }
      if (output) {
        if (output.proposals.length) {
          await createChangeSet({ scope, agentId: agent.id, taskId, wakeRunId: run.id, items: output.proposals }, tx);
        }
        if (output.report) {
          await writeReport({ scope, agentId: agent.id, markdown: output.report.markdown, confidence: output.report.confidence, wakeRunId: run.id }, tx);
        }
        for (const text of output.observations) await recordObservation({ scope, agentId: agent.id, text, wakeRunId: run.id }, tx);
      }
      finishedAt = new Date();
      await tx.wakeRun.update({
        where: { id: run.id },
        data: {
          status: failed ? "failed" : "succeeded",
          finishedAt,
          durationMs: finishedAt.getTime() - startedAt.getTime(),
          inputTokens: result.usage.inputTokens,
          outputTokens: result.usage.outputTokens,
          qualityScore,
          iterations: result.iterations.length || null,
          outcome: result.outcome,
          phase: null,
          phaseIteration: null,
          // A failed run's error, or why a saved output is unscored (EVALUATION_FAILED).
          error: (error ?? note)?.slice(0, 2000) ?? null,
        },
      });
      await applyRunToState(tx, agent.id, { finishedAt, failed });
      await recordModelUsage(tx, usage());
      // No model call inside: only the writes. Prisma's 5 s default would throw a finished wake's
      // work away on a loaded database (the job would then run the whole wake again).
    }, SAVE_TRANSACTION);
  } catch (e) {
    // Saving failed: the run must not stay "running" forever.
    logger.error("wake: saving the run failed", { runId: run.id, ...errorFields(e) });
    finishedAt = new Date();
    await db.$transaction(async (tx) => {
      await tx.wakeRun.update({ where: { id: run.id }, data: { status: "failed", finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime(), phase: null, phaseIteration: null, error: "Saving the run's output failed." } });
      await applyRunToState(tx, agent.id, { finishedAt, failed: true });
      await recordModelUsage(tx, usage());
    });
    return { runId: run.id, status: "failed", error: "Saving the run's output failed." };
  }
  // Its observations wait for the classifier: ask for it now rather than at the next minute's check
  // (a failed delivery is retried by the outbox relay; it never fails the wake).
  if (output?.observations.length) await requestFeedbackClassification(input.workspaceId).catch((e) => logger.warn("wake: could not ask for feedback classification", { runId: run.id, ...errorFields(e) }));
  if (error === null) return { runId: run.id, status: "succeeded" };
  return { runId: run.id, status: "failed", error, retryable: result.outcome !== "ERROR_UNRECOVERABLE" || result.retryable };
}
