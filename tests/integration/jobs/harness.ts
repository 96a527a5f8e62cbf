import { afterEach } from "vitest";
import { setLocalSender } from "@/inngest/client";
import { createLocalExecutor, type LocalExecutor, type LocalExecutorOptions } from "@/inngest/local/executor";
import { setLocalDispatcher } from "@/inngest/local/dispatcher";
import { sendEvents } from "@/inngest/send";
import { db } from "@/server/db";
import { uid } from "../../factories";

// Executors for tests: each gets queues of its own (a unique namespace), so executors of test files
// running at the same time on the shared database never take each other's wake-ups. Functions in
// these tests get unique ids for the same reason.

export type TestExecutorOptions = Omit<LocalExecutorOptions, "connectionString"> & { connectionString?: string };

/** Executors for one test file; started ones are stopped after each test. */
export function executorsForThisFile() {
  const started: LocalExecutor[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((e) => e.stop({ timeoutMs: 5_000 })));
    setLocalDispatcher(undefined);
  });
  return async (options: TestExecutorOptions, { install = true }: { install?: boolean } = {}) => {
    const executor = createLocalExecutor({ namespace: `t${uid()}`, pollingIntervalSeconds: 0.5, sweepEveryMs: 60_000, ...options, connectionString: options.connectionString ?? process.env.DATABASE_URL! });
    await executor.start();
    started.push(executor);
    if (install) {
      setLocalDispatcher(executor.dispatch);
      setLocalSender(sendEvents);
    }
    return executor;
  };
}

/** A settable clock. */
export function testClock(start = Date.UTC(2030, 0, 1, 9, 0, 0)) {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => void (t = ms), advance: (ms: number) => void (t += ms), start };
}

/** A promise a test resolves by hand, to hold a step "running". */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const testId = (name: string) => `${name}-${uid()}`;

/**
 * Runs what `executor` has, moving `clock` past each retry's backoff, until the function's run has
 * ended (completed or failed) or `rounds` passed; returns the run's status.
 */
export async function drainUntilEnded(executor: LocalExecutor, clock: ReturnType<typeof testClock>, functionId: string, { rounds = 10, stepMs = 10 * 60_000 } = {}) {
  for (let i = 0; ; i++) {
    await executor.drain();
    const { status } = await db.functionRun.findFirstOrThrow({ where: { functionId }, select: { status: true } });
    if (status === "completed" || status === "failed" || i + 1 >= rounds) return status;
    clock.advance(stepMs);
  }
}
