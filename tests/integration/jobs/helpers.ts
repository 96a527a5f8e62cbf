import { eventType } from "inngest";
import { afterEach } from "vitest";
import { z } from "zod";
import { defineJob, type JobDefinition } from "@/inngest/definition";
import { createEmbeddedRunner, type EmbeddedRunner, type EmbeddedRunnerOptions } from "@/inngest/local/embedded-runner";
import { uid } from "../../factories";

// The runner is generic: these tests drive it with throwaway definitions whose ids are unique per
// test, so a runner here only ever claims its own test's rows.

export const TestData = z.object({ key: z.string(), label: z.string() });
export type TestData = z.infer<typeof TestData>;
export const testEvent = eventType("test/job.requested", { schema: TestData });

export function testJob(overrides: Partial<JobDefinition<TestData>> = {}) {
  return defineJob<TestData>({
    id: `test-job-${uid()}`,
    event: testEvent,
    key: (d) => d.key,
    throttleMs: 0,
    // Labels concatenate, so a test sees exactly which triggers a run absorbed.
    coalesce: (pending, incoming) => ({ key: incoming.key, label: `${pending.label}+${incoming.label}` }),
    retry: { maxAttempts: 3, backoffMs: () => 0 },
    inngest: {},
    handler: async () => undefined,
    ...overrides,
  });
}

/** A settable clock for the runner. */
export function testClock(start = Date.UTC(2030, 0, 1, 9, 0, 0)) {
  let t = start;
  return {
    now: () => new Date(t),
    set: (ms: number) => void (t = ms),
    advance: (ms: number) => void (t += ms),
    start,
  };
}

/** A promise a test resolves by hand, to hold a job "running". */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runners for one test file, polling fast, stopped (running jobs awaited) after each test. */
export function runnersForThisFile() {
  const runners: EmbeddedRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  return (options: EmbeddedRunnerOptions) => {
    const r = createEmbeddedRunner({ pollMs: 10, ...options });
    runners.push(r);
    return r;
  };
}
