import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { InngestFunction } from "inngest";
import PgBoss from "pg-boss";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { executeRun } from "./execute-run";
import { specOf, type FunctionSpec, type TriggerEvent } from "./function-spec";
import { matches } from "./expressions";
import { claimRun, createRunForEvent, dueRuns, extendLeases, nextRunOfKey, parkRun, pruneRuns, reclaimExpiredLeases, resolveWaits, saveRunning } from "./run-store";

// The local executor: runs the app's Inngest functions without an Inngest server, with Inngest's
// execution model — runs and their memoized steps in Postgres (run-store.ts), the handler re-run
// from the top on every pass (execute-run.ts), sleeps and waits persisted, retries per step, flow
// control from the functions' own options (function-spec.ts). pg-boss carries the wake-ups: a job
// { runId } in the function's queue, sent at once or with `startAfter` (a sleep's end, a retry's
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

export function createLocalExecutor(options: LocalExecutorOptions): LocalExecutor {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const namespace = options.namespace ?? "agent-coach";
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const specs = new Map<string, FunctionSpec>(options.functions.map((fn) => [specOf(fn).id, specOf(fn)]));
  const queueOf = (functionId: string) => `${namespace}__${functionId}`;
  const cronQueueOf = (functionId: string) => `${namespace}__cron__${functionId}`;

  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    application_name: "agent-coach-executor",
    supervise: options.work !== false,
    schedule: options.work !== false,
    // A wake-up is retried by pg-boss if the process fetching it died before finishing with it.
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 15 * 60,
  });
  boss.on("error", (e) => logger.error("executor: pg-boss error", errorFields(e)));

  let state: "idle" | "started" | "stopping" | "stopped" = "idle";
  const executing = new Map<string, Promise<void>>();
  const workerIds: string[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let lastPrunedAt = 0;

  async function ensureQueue(name: string) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, { name, policy: "standard" });
    } catch (e) {
      if (!(await boss.getQueue(name))) throw e; // another process created it first: fine
    }
  }

  /** Sends the wake-up of a run, at once or at `at`. */
  async function wake(functionId: string, runId: string, at?: Date) {
    const startAfter = at && at.getTime() > Date.now() ? at : undefined;
    await boss.send(queueOf(functionId), { runId }, startAfter ? { startAfter } : {});
    if (!startAfter) for (const id of workerIds) boss.notifyWorker(id);
  }

  async function safeWake(functionId: string, runId: string, at?: Date) {
    try {
      await wake(functionId, runId, at);
    } catch (e) {
      logger.warn("executor: could not send a wake-up; the sweep will", { runId, ...errorFields(e) }); // sweep resends
    }
  }

  /** Claims and executes one run; false when it was not due or not free to run. */
  async function runOnce(functionId: string, runId: string): Promise<boolean> {
    const spec = specs.get(functionId);
    if (!spec || state === "stopping" || state === "stopped") return false;
    const claimed = await claimRun(runId, spec, owner, leaseMs, now());
    if ("later" in claimed) {
      await safeWake(functionId, runId, claimed.later);
      return false;
    }
    if (!("run" in claimed)) return false;
    const run = claimed.run;
    const task = (async () => {
      try {
        const outcome = await executeRun({
          spec,
          run,
          now,
          save: (s) => saveRunning(run.id, owner, { ...s, leaseUntil: new Date(now().getTime() + leaseMs) }),
        });
        if ("lost" in outcome) {
          logger.warn("executor: lost the lease of a run while executing it", { runId, functionId });
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
        const trigger = spec.events.find((t) => t.name === event.name && matches(t.if, { event }));
        if (!trigger) continue;
        const { runId, availableAt } = await createRunForEvent(spec, event, now());
        await safeWake(spec.id, runId, availableAt);
      }
      const resumed = await resolveWaits(event, now());
      for (const runId of resumed) {
        const fnRow = await functionIdOf(runId);
        if (fnRow) await safeWake(fnRow, runId);
      }
    }
    return { ids };
  }

  async function functionIdOf(runId: string) {
    const row = await db.functionRun.findUnique({ where: { id: runId }, select: { functionId: true } });
    return row && specs.has(row.functionId) ? row.functionId : null;
  }

  async function sweep() {
    const at = now();
    for (const runId of await reclaimExpiredLeases(at)) {
      const fn = await functionIdOf(runId);
      if (fn) await safeWake(fn, runId);
    }
    const due = await dueRuns(at, new Date(at.getTime() - 15_000));
    const rows = await db.functionRun.findMany({ where: { id: { in: due.map((d) => d.id) } }, select: { id: true, functionId: true } });
    for (const row of rows) if (specs.has(row.functionId) && !executing.has(row.id)) await safeWake(row.functionId, row.id);
    if (Date.now() - lastPrunedAt > 3_600_000) {
      lastPrunedAt = Date.now();
      await pruneRuns(new Date(at.getTime() - RETENTION_MS));
    }
  }

  async function drain() {
    let executed = 0;
    for (let round = 0; round < 1_000; round++) {
      const due = await db.functionRun.findMany({
        where: { functionId: { in: [...specs.keys()] }, status: { in: ["queued", "debouncing", "waiting"] }, availableAt: { lte: now() } },
        orderBy: { availableAt: "asc" },
        select: { id: true, functionId: true },
      });
      let progressed = false;
      for (const run of due) {
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
      await boss.start();
      for (const spec of specs.values()) await ensureQueue(queueOf(spec.id));
      if (options.work === false) return;
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize: 1 };
      for (const spec of specs.values()) {
        for (let i = 0; i < (options.concurrency ?? 4); i++) {
          workerIds.push(await boss.work<{ runId: string }>(queueOf(spec.id), polling, async ([job]) => void (await runOnce(spec.id, job.data.runId))));
        }
        for (const expression of spec.crons) {
          const { cron, tz } = splitTimezone(expression);
          await ensureQueue(cronQueueOf(spec.id));
          await boss.schedule(cronQueueOf(spec.id), cron, {}, { tz });
          workerIds.push(await boss.work(cronQueueOf(spec.id), polling, async () => void (await fireCron(spec.id))));
        }
      }
      heartbeat = setInterval(() => void extendLeases([...executing.keys()], owner, new Date(now().getTime() + leaseMs)).catch((e) => logger.warn("executor: heartbeat failed", errorFields(e))), Math.max(1_000, leaseMs / 4));
      heartbeat.unref();
      const every = options.sweepEveryMs ?? 10_000;
      sweeper = setInterval(() => void sweep().catch((e) => logger.warn("executor: sweep failed", errorFields(e))), every);
      sweeper.unref();
      void sweep().catch((e) => logger.warn("executor: sweep failed", errorFields(e)));
    },
    async stop({ timeoutMs = 25_000 } = {}) {
      if (state !== "started") return;
      state = "stopping";
      clearInterval(sweeper);
      for (const id of workerIds.splice(0)) await boss.offWork({ id }).catch(() => undefined);
      const running = Promise.all(executing.values());
      const timedOut = await Promise.race([running.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), timeoutMs).unref())]);
      if (timedOut) logger.warn("executor: stopped with runs still executing; their leases expire and another process takes them over", { runs: executing.size });
      clearInterval(heartbeat);
      await boss.stop({ graceful: false, wait: true, close: true }).catch((e) => logger.warn("executor: pg-boss stop failed", errorFields(e)));
      state = "stopped";
    },
  };
}

/** Inngest accepts "TZ=Europe/Berlin 0 9 * * 1"; pg-boss takes the zone as an option. */
function splitTimezone(expression: string): { cron: string; tz?: string } {
  const match = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/.exec(expression.trim());
  return match ? { cron: match[2], tz: match[1] } : { cron: expression };
}
