import { durationToMs } from "inngest";
import { StepMode } from "inngest/types";
import type { FunctionRun } from "@/generated/prisma/client";
import { retryAfterMs } from "@/lib/retry-after";
import type { FunctionSpec, TriggerEvent } from "./function-spec";
import type { Parked, StepState, WaitFor } from "./run-store";

// Drives one run of an Inngest function the way Inngest's executor does: call the handler with the
// memoized steps; the SDK returns what happened on this pass — a step ran (memoize it and call
// again), a step failed (retry it after its delay, or memoize the failure once its attempts are
// spent), the handler reached a sleep or a waitForEvent (park the run until then), or the handler
// returned or threw. Nothing here touches the database: `save` persists progress after each step
// (and answers false once the lease is lost, which stops the pass).

type Execution = { start(): Promise<{ type: string; step?: Op; steps?: Op[]; data?: unknown; error?: unknown; retriable?: boolean | string }> };
type Op = { id: string; op: string; name?: string; displayName?: string; opts?: Record<string, unknown>; data?: unknown; error?: unknown };
type CreateExecution = (input: { partialOptions: Record<string, unknown> }) => Execution;

/** Inngest's delay before the next attempt: a RetryAfterError's own, else exponential from 10 s. */
export function retryDelayMs(retriable: boolean | string | undefined, attempt: number): number {
  if (typeof retriable === "string") {
    const asked = retryAfterMs(retriable);
    if (asked !== null) return asked;
  }
  return Math.min(10_000 * 2 ** attempt, 10 * 60_000);
}

/** A sleep's or a wait's end: a duration ("5s", "1w") or an instant (ISO string or date). */
export function untilOf(value: unknown, now: Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === "string" && /^\d{4}-\d\d-\d\d/.test(value)) return new Date(value);
  return new Date(now.getTime() + durationToMs(value as string));
}

const MAX_PASSES = 1_000; // Inngest's own limit on steps per run

export async function executeRun(options: {
  spec: FunctionSpec;
  run: FunctionRun;
  now: () => Date;
  save: (state: { steps: StepState; stepOrder: string[]; attempt: number }) => Promise<boolean>;
}): Promise<{ parked: Parked; steps: StepState; stepOrder: string[] } | { lost: true }> {
  const { spec, run, now, save } = options;
  const event = run.event as unknown as TriggerEvent;
  const steps: StepState = { ...(run.steps as StepState) };
  const stepOrder = [...run.stepOrder];
  let attempt = run.attempt;
  let requestedRunStep: string | undefined;
  const done = (parked: Parked) => ({ parked, steps, stepOrder });
  /** The attempt failed: the run is queued again after the retry delay. */
  const retry = (retriable: boolean | string | undefined, error: string) =>
    done({ status: "queued", attempt: attempt + 1, availableAt: new Date(now().getTime() + retryDelayMs(retriable, attempt)), error });

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const execution = (spec.fn as unknown as { createExecution: CreateExecution }).createExecution({
      partialOptions: {
        runId: run.id,
        client: (spec.fn as unknown as { client: unknown }).client,
        data: { runId: run.id, attempt, maxAttempts: spec.retries + 1, event, events: [event] },
        reqArgs: [],
        headers: {},
        stepCompletionOrder: [...stepOrder],
        stepState: structuredClone(steps),
        stepMode: StepMode.Async,
        requestedRunStep,
      },
    });
    const result = await execution.start();
    requestedRunStep = undefined;

    switch (result.type) {
      case "function-resolved":
        return done({ status: "completed", output: result.data ?? null });
      case "function-rejected": {
        const message = errorMessage(result.error);
        if (result.retriable === false || attempt >= spec.retries) return done({ status: "failed", error: message });
        return retry(result.retriable, message);
      }
      case "step-ran": {
        const step = result.step!;
        if (step.op === "StepError") {
          // A failed attempt: the same step runs again after the delay (the SDK marks the last one StepFailed).
          return retry(result.retriable, errorMessage(step.error));
        }
        steps[step.id] = step.op === "StepFailed" ? { id: step.id, error: step.error } : { id: step.id, data: step.data ?? null };
        stepOrder.push(step.id);
        attempt = 0;
        if (!(await save({ steps, stepOrder, attempt }))) return { lost: true };
        continue;
      }
      case "steps-found": {
        const op = result.steps![0];
        switch (op.op) {
          case "Sleep":
            steps[op.id] = { id: op.id, data: null };
            stepOrder.push(op.id);
            return done({ status: "queued", attempt: 0, availableAt: untilOf(op.name, now()) });
          case "WaitForEvent": {
            const waitFor: WaitFor = { stepId: op.id, ...(typeof op.opts?.if === "string" ? { if: op.opts.if } : {}) };
            return done({ status: "waiting", waitFor, waitEvent: op.name!, availableAt: untilOf(op.opts?.timeout, now()) });
          }
          case "StepPlanned":
            requestedRunStep = op.id; // parallel steps are run one after the other
            continue;
          default:
            return done({ status: "failed", error: `The local executor cannot run a ${op.op} step ("${op.displayName ?? op.id}").` });
        }
      }
      default:
        return done({ status: "failed", error: `Unexpected execution result "${result.type}".` });
    }
  }
  return done({ status: "failed", error: `More than ${MAX_PASSES} steps.` });
}

function errorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}
