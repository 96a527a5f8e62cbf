import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { InngestFunction } from "inngest";
import { errorFields, logger } from "@/server/logger";
import { withSpan } from "@/server/tracing";
import { executeRun } from "./execute-run";
import { specOf, type FunctionSpec, type TriggerEvent } from "./function-spec";
import { matches } from "./expressions";
import { cancelRuns, claimRun, createRunForEvent, dueRuns, extendLeases, nextRunOfKey, parkRun, pruneRuns, reclaimExpiredLeases, resolveWaits, saveRunning } from "./run-store";
import { createWakeups } from "./wakeups";

// The local executor: runs the app's Inngest functions without an Inngest server, with Inngest's
// execution model — runs and their memoized steps in Postgres (run-store.ts), the handler re-run
// from the top on every pass (execute-run.ts), sleeps and waits persisted, retries per step, flow
// control from the functions' own options (function-spec.ts). pg-boss carries the wake-ups
// (wakeups.ts): a job { runId } sent at once or with `startAfter` (a sleep's end, a retry's
// backoff, a throttle slot, a debounce's end, a wait's timeout), fetched by whichever process polls
// first; its cron scheduler fires cron triggers once across processes. Several processes on one
// database each run an executor: a run is executed by the one that claims it (a lease), one run per
// concurrency key at a time; a process that dies loses its lease and the run is taken over.

export type InputEvent = { id?: string; name: string; data: unknown; ts?: number };

export type LocalExecutorOptions = {
  functions: InngestFunction.Any[];
  connectionString: string;
  /** Work jobs in this process (false: only send events and wake-ups, e.g. a web-only process). */
  work?: boolean;
  /** Runs executed at once by this process. */
  concurrency?: number;
  /** Prefix of the pg-boss queues (tests isolate executors sharing a database). */
  namespace?: string;
  now?: () => Date;
  leaseMs?: number;
  sweepEveryMs?: number;
  pollingIntervalSeconds?: number;
};

export type LocalExecutor = {
  start(): Promise<void>;
  /** Stops fetching; waits (≤ timeoutMs) for the runs this process is executing. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  status(): "idle" | "started" | "stopping" | "stopped";
  /** Event delivery: new runs for the functions it triggers, and waiting runs it resumes. */
  dispatch(events: InputEvent[]): Promise<{ ids: string[] }>;
  /** Takes over runs of dead processes and re-sends wake-ups that were lost. */
  sweep(): Promise<void>;
  /** Executes every due run in this process until none is due (tests drive a fake clock with it). */
  drain(): Promise<number>;
  /** A cron trigger firing now (what the schedule does). */
  fireCron(functionId: string): Promise<string>;
  readonly owner: string;
};

const DEFAULT_LEASE_MS = 60_000;
const RETENTION_MS = 7 * 24 * 3_600_000;
/**
 * A run due this long ago that nobody has executed lost its wake-up (a process died between writing
 * the run and sending it): the sweep sends another. Longer than a healthy backlog takes to clear,
 * so the sweep does not re-send wake-ups that are merely queued.
 */
const LOST_WAKEUP_AFTER_MS = 2 * 60_000;

export function createLocalExecutor(options: LocalExecutorOptions): LocalExecutor {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const namespace = options.namespace ?? "agent-coach";
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const specs = new Map<string, FunctionSpec>(options.functions.map(specOf).map((spec) => [spec.id, spec]));

  const wakeups = createWakeups({ connectionString: options.connectionString, namespace, work: options.work !== false, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 });

  let state: "idle" | "started" | "stopping" | "stopped" = "idle";
  const executing = new Map<string, Promise<void>>();
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let lastPrunedAt = 0;

  /** Sends the wake-up of a run, at once or at `at`; a failure is left to the sweep. */
  async function safeWake(functionId: string, runId: string, at?: Date) {
    try {
      await wakeups.send(functionId, runId, at);
    } catch (e) {
      logger.warn("executor: could not send a wake-up; the sweep will", { runId, ...errorFields(e) }); // sweep resends
    }
  }

  /** Claims and executes one run; false when it was not due or not free to run. */
  async function runOnce(functionId: string, runId: string): Promise<boolean> {
    const spec = specs.get(functionId);
    if (!spec || state === "stopping" || state === "stopped") return false;
    let claimed: Awaited<ReturnType<typeof claimRun>>;
    try {
      claimed = await claimRun(runId, spec, owner, leaseMs, now());
    } catch (e) {
      logger.error("executor: could not claim a run; its wake-up is retried", { runId, functionId, ...errorFields(e) });
      throw e; // pg-boss retries the wake-up
    }
    if ("later" in claimed) {
      await safeWake(functionId, runId, claimed.later);
      return false;
    }
    if (!("run" in claimed)) return false;
    const run = claimed.run;
    const task = (async () => {
      try {
        // One span per execution: a trace shows the function, then its steps' queries and model calls.
        const outcome = await withSpan(`workflow ${functionId}`, { "workflow.function": functionId, "workflow.run_id": run.id }, () =>
          executeRun({
            spec,
            run,
            now,
            save: (s) => saveRunning(run.id, owner, { ...s, leaseUntil: new Date(now().getTime() + leaseMs) }),
          }),
        );
        if ("lost" in outcome) {
          logger.warn("executor: lost the lease of a run while executing it (taken over, or cancelled)", { runId, functionId });
          return;
        }
        const parked = outcome.parked;
        if (!(await parkRun(run.id, owner, outcome, parked, now()))) {
          logger.warn("executor: lost the lease of a run before parking it", { runId, functionId });
          return;
        }
        if (parked.status === "queued" || parked.status === "waiting") await safeWake(functionId, run.id, parked.availableAt);
        if (parked.status === "failed") logger.error("executor: run failed", { runId, functionId, error: parked.error });
        else if (parked.status === "queued" && parked.error) logger.warn("executor: step failed, will retry", { runId, functionId, attempt: parked.attempt, error: parked.error });
      } catch (e) {
        // The database went away mid-run: the lease expires and the sweep hands the run on.
        logger.error("executor: run interrupted", { runId, functionId, ...errorFields(e) });
      } finally {
        executing.delete(run.id);
      }
      if (run.concurrencyKey !== null) {
        const next = await nextRunOfKey(functionId, run.concurrencyKey, now()).catch(() => null);
        if (next) await safeWake(functionId, next.id);
      }
    })();
    executing.set(run.id, task);
    await task;
    return true;
  }

  async function dispatch(events: InputEvent[]) {
    const ids: string[] = [];
    for (const input of events) {
      const event: TriggerEvent = { id: input.id ?? randomUUID(), name: input.name, data: (input.data ?? {}) as Record<string, unknown>, ts: input.ts ?? now().getTime() };
      ids.push(event.id);
      for (const spec of specs.values()) {
        const cancelled = await cancelRuns(spec, event, now());
        if (cancelled.length) logger.info("executor: runs cancelled", { functionId: spec.id, event: event.name, runs: cancelled.length });
      }
      for (const spec of specs.values()) {
        const trigger = spec.events.find((t) => t.name === event.name && matches(t.if, { event }));
        if (!trigger) continue;
        const { runId, availableAt } = await createRunForEvent(spec, event, now());
        await safeWake(spec.id, runId, availableAt);
      }
      for (const run of await resolveWaits(event, now())) if (specs.has(run.functionId)) await safeWake(run.functionId, run.id);
    }
    return { ids };
  }

  async function sweep() {
    const at = now();
    for (const run of await reclaimExpiredLeases([...specs.keys()], at)) await safeWake(run.functionId, run.id);
    for (const run of await dueRuns([...specs.keys()], new Date(at.getTime() - LOST_WAKEUP_AFTER_MS))) {
      if (!executing.has(run.id)) await safeWake(run.functionId, run.id);
    }
    if (Date.now() - lastPrunedAt > 3_600_000) {
      lastPrunedAt = Date.now();
      await pruneRuns(new Date(at.getTime() - RETENTION_MS));
    }
  }

  async function drain() {
    let executed = 0;
    for (let round = 0; round < 1_000; round++) {
      let progressed = false;
      for (const run of await dueRuns([...specs.keys()], now(), 1_000)) {
        if (!(await runOnce(run.functionId, run.id))) continue;
        executed++;
        progressed = true;
      }
      if (!progressed) break;
    }
    return executed;
  }

  async function fireCron(functionId: string) {
    const spec = specs.get(functionId);
    if (!spec) throw new Error(`unknown function ${functionId}`);
    const event: TriggerEvent = { id: randomUUID(), name: "inngest/scheduled.timer", data: { cron: spec.crons[0] }, ts: now().getTime() };
    const { runId, availableAt } = await createRunForEvent(spec, event, now());
    await safeWake(functionId, runId, availableAt);
    return runId;
  }

  return {
    owner,
    status: () => state,
    dispatch,
    sweep,
    drain,
    fireCron,
    async start() {
      if (state !== "idle") return;
      state = "started";
      await wakeups.start([...specs.keys()]);
      if (options.work === false) return;
      for (const spec of specs.values()) {
        wakeups.work(spec.id, options.concurrency ?? 4, async (runId) => void (await runOnce(spec.id, runId)));
        for (const expression of spec.crons) await wakeups.scheduleCron(spec.id, expression, async () => void (await fireCron(spec.id)));
      }
      heartbeat = setInterval(() => void extendLeases([...executing.keys()], owner, new Date(now().getTime() + leaseMs)).catch((e) => logger.warn("executor: heartbeat failed", errorFields(e))), Math.max(1_000, leaseMs / 4));
      heartbeat.unref();
      const tick = () => {
        sweeping ??= sweep()
          .catch((e) => logger.warn("executor: sweep failed", errorFields(e)))
          .finally(() => (sweeping = undefined));
      };
      sweeper = setInterval(tick, options.sweepEveryMs ?? 10_000);
      sweeper.unref();
      tick();
    },
    async stop({ timeoutMs = 25_000 } = {}) {
      if (state !== "started") return;
      state = "stopping";
      clearInterval(sweeper);
      await sweeping;
      await wakeups.stopWorking();
      const running = Promise.all(executing.values());
      const timedOut = await Promise.race([running.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), timeoutMs).unref())]);
      if (timedOut) logger.warn("executor: stopped with runs still executing; their leases expire and another process takes them over", { runs: executing.size });
      clearInterval(heartbeat);
      await wakeups.close();
      state = "stopped";
    },
  };
}
