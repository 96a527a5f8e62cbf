import pg from "pg";
import PgBoss from "pg-boss";
import { errorFields, logger } from "@/server/logger";
import { isPostgresError } from "@/server/pg-errors";

// The local executor's wake-ups, on pg-boss: one queue per function, a job `{ runId }` sent at once
// or with `startAfter`, fetched by whichever process polls first; and cron schedules, which
// pg-boss fires once across processes. The run itself lives in FunctionRun (run-store.ts): a job
// is only "look at this run now", so a duplicate or stale one costs a claim that finds nothing.

export type WakeupOptions = { connectionString: string; namespace: string; work: boolean; pollingIntervalSeconds: number };

export function createWakeups({ connectionString, namespace, work, pollingIntervalSeconds }: WakeupOptions) {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    application_name: "agent-coach-executor",
    supervise: work,
    schedule: work,
    // A wake-up is retried by pg-boss if the process that fetched it died before finishing with it.
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 15 * 60,
  });
  boss.on("error", (e) => logger.error("executor: pg-boss error", errorFields(e)));
  const queueOf = (functionId: string) => `${namespace}__${functionId}`;
  const cronQueueOf = (functionId: string) => `${namespace}__cron__${functionId}`;
  const workerIds = new Map<string, string[]>(); // queue → this process's workers on it
  const registering: Promise<unknown>[] = [];
  const intervalMs = pollingIntervalSeconds * 1_000;

  /**
   * Creates the queues that do not exist yet. Creating a queue is DDL on pg-boss's shared tables,
   * and processes creating queues at the same moment (app instances or test files starting
   * together) deadlock on it: so creation is serialized across processes by an advisory lock held
   * on a connection of its own (one for all the missing queues), and a deadlock that happens anyway
   * (another pg-boss user) is retried.
   */
  async function ensureQueues(names: string[]) {
    const missing: string[] = [];
    for (const name of names) if (!(await boss.getQueue(name))) missing.push(name);
    if (!missing.length) return;
    const lock = new pg.Client({ connectionString, application_name: "agent-coach-executor" });
    lock.on("error", () => undefined); // a dropped lock connection fails the query below, not the process
    await lock.connect();
    try {
      await lock.query("SELECT pg_advisory_lock(hashtext('agent-coach:pg-boss-queues'))");
      for (const name of missing) await createQueue(name);
    } finally {
      await lock.end().catch(() => undefined); // ending the session releases the lock
    }
  }

  async function createQueue(name: string) {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return; // another process created it meanwhile
      try {
        await boss.createQueue(name, { name, policy: "standard" });
        return;
      } catch (e) {
        if (await boss.getQueue(name)) return;
        if (!isDeadlock(e) || attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
      }
    }
  }

  /**
   * `concurrency` workers on a queue. pg-boss fetches one job per poll and then waits for the next
   * poll: a worker that handled a job asks again at once (only an empty fetch waits). Workers start
   * spread over one interval, so a job sent by another process waits half an interval on average,
   * not a whole one.
   */
  function startWorkers(queue: string, concurrency: number, handle: (data: Record<string, unknown>) => Promise<void>) {
    for (let i = 0; i < concurrency; i++) {
      const register = async () => {
        await new Promise((r) => setTimeout(r, (i * intervalMs) / concurrency));
        let self = "";
        self = await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          try {
            await handle(job.data);
          } finally {
            if (self) boss.notifyWorker(self);
          }
        });
        workerIds.set(queue, [...(workerIds.get(queue) ?? []), self]);
      };
      registering.push(register());
    }
  }

  return {
    async start(functionIds: string[]) {
      await boss.start();
      await ensureQueues(functionIds.map(queueOf));
    },

    async send(functionId: string, runId: string, at?: Date) {
      const startAfter = at && at.getTime() > Date.now() ? at : undefined;
      await boss.send(queueOf(functionId), { runId }, startAfter ? { startAfter } : {});
      if (!startAfter) for (const id of workerIds.get(queueOf(functionId)) ?? []) boss.notifyWorker(id);
    },

    work(functionId: string, concurrency: number, handle: (runId: string) => Promise<void>) {
      startWorkers(queueOf(functionId), concurrency, (data) => handle(String(data.runId)));
    },

    async scheduleCron(functionId: string, expression: string, fire: () => Promise<void>) {
      const { cron, tz } = splitTimezone(expression);
      await ensureQueues([cronQueueOf(functionId)]);
      await boss.schedule(cronQueueOf(functionId), cron, {}, { tz });
      startWorkers(cronQueueOf(functionId), 1, fire);
    },

    /** No new fetches; a job being handled goes on (the executor waits for its runs). */
    async stopWorking() {
      await Promise.allSettled(registering);
      const ids = [...workerIds.values()].flat();
      workerIds.clear();
      for (const id of ids) await boss.offWork({ id }).catch(() => undefined);
    },

    async close() {
      await boss.stop({ graceful: false, wait: true, close: true }).catch((e) => logger.warn("executor: pg-boss stop failed", errorFields(e)));
    },
  };
}

/** Inngest accepts "TZ=Europe/Berlin 0 9 * * 1"; pg-boss takes the zone as an option. */
function splitTimezone(expression: string): { cron: string; tz?: string } {
  const match = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/.exec(expression.trim());
  return match ? { cron: match[2], tz: match[1] } : { cron: expression };
}

/** PostgreSQL's deadlock_detected (40P01). */
const isDeadlock = (e: unknown) => isPostgresError(e, "40P01", "deadlock detected");
