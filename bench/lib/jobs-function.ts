// The function bench/jobs.ts measures the local executor with, shared by the bench process and its
// worker child (bench/lib/jobs-worker.ts) so both register the same function id: one `step.run`
// whose first line takes the time and hands it to this process's hook (the bench process records
// it; the child prints it). No concurrency key, no throttle, no debounce.
import { eventType } from "inngest";
import { z } from "zod";
import { inngest } from "@/inngest/client";

export const JOBS_FUNCTION_ID = "bench-jobs-noop";
export const jobsEvent = eventType("bench/jobs.tick", { schema: z.object({ phase: z.string(), seq: z.number() }) });

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const clock = () => performance.timeOrigin + performance.now();

export type StepStart = { runId: string; phase: string; seq: number; t: number };
let hook: (s: StepStart) => void = () => {};

/** What this process does when a step body starts (once per execution of the body). */
export function onStepStart(fn: (s: StepStart) => void) {
  hook = fn;
}

export const jobsFunction = inngest.createFunction({ id: JOBS_FUNCTION_ID, triggers: [jobsEvent] }, async ({ event, step, runId }) => {
  await step.run("work", async () => {
    const t = clock();
    hook({ runId, phase: event.data.phase, seq: event.data.seq, t });
    return null;
  });
  return null;
});

/** Lines the worker child writes on stdout for the bench process (app logs may share stdout). */
export const CHILD_LINE_PREFIX = "@@jobs ";
export type ChildMessage = { loaded: true } | { ready: true; pid: number } | { step: StepStart } | { stopped: true; executed: number };
