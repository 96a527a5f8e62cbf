import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { NonRetriableError } from "inngest";
import type { Job } from "@/generated/prisma/client";
import { errorFields, logger } from "@/server/logger";
import type { AnyJobDefinition, JobContext } from "../definition";
import { claimJob, enqueueJob, findOrphanedJobs, finishJob, heartbeat, listRunningKeys, pruneFinishedJobs, requeueJob, type EnqueueResult } from "./job-queue";

// The single-machine driver: runs job definitions inside the Next.js server, with the queue in
// Postgres (job-queue.ts) so a restart loses nothing. It polls for due jobs, and polls at once
// after an enqueue in this process or a finished job. Semantics: src/inngest/README.md.

export type EmbeddedRunnerOptions = {
  functions: AnyJobDefinition[];
  now?: () => Date;
  /** How often to look for due jobs. */
  pollMs?: number;
  /** Jobs run at the same time by this process, all functions together. */
  parallelism?: number;
  /** A running job whose lock is older than this belongs to a dead process. */
  lockTimeoutMs?: number;
  /** Finished jobs older than this are deleted. */
  retentionMs?: number;
  processId?: string;
  /** Work on a timer while the runner is started (e.g. the ritual hourly check). */
  periodic?: PeriodicTask[];
};

/**
 * A check the runner makes on a timer: first `firstAfterMs` after start, then every `everyMs`
 * (timers unref'd, never two runs of one task at once). It usually enqueues jobs; a failure is
 * logged and the next tick tries again.
 */
export type PeriodicTask = {
  name: string;
  everyMs: number;
  firstAfterMs: number;
  run: (runner: EmbeddedRunner) => Promise<unknown>;
};

export type EnqueueInput = { name: string; key: string; payload: Record<string, unknown>; runAt?: Date; bypassThrottle?: boolean };

export type EmbeddedRunner = {
  readonly processId: string;
  /** idle (not started or stopped), started, or stopping (waiting for running jobs). */
  status(): "idle" | "started" | "stopping";
  /** Recovers what a dead process left running, then polls and starts the periodic tasks. Idempotent. */
  start(): Promise<void>;
  /** Stops claiming and the periodic tasks, and waits for the running jobs. */
  stop(): Promise<void>;
  /** Works without start(): the job waits in Postgres for a runner. */
  enqueue(input: EnqueueInput): Promise<EnqueueResult>;
  /** One job per function the event triggers. */
  enqueueEvent(event: { name: string; data: Record<string, unknown> }): Promise<EnqueueResult[]>;
  /** Claims and starts due jobs now (the loop calls it; tests drive it). Resolves once claimed. */
  poll(): Promise<number>;
  /** Resolves when no job of this runner is running. */
  idle(): Promise<void>;
};

export function createEmbeddedRunner(options: EmbeddedRunnerOptions): EmbeddedRunner {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const parallelism = options.parallelism ?? 2;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const processId = options.processId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const byName = new Map(options.functions.map((f) => [f.id, f]));
  const names = [...byName.keys()];

  const running = new Map<string, Promise<void>>();
  let state: "idle" | "started" | "stopping" = "idle";
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  const periodicTimers = new Set<NodeJS.Timeout>();
  const periodicRuns = new Set<Promise<void>>();
  let polling: Promise<number> | null = null;
  let pollAgain = false;

  function definitionOf(name: string) {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No job function "${name}" in this runner.`);
    return definition;
  }

  async function enqueue(input: EnqueueInput) {
    const definition = definitionOf(input.name);
    const payload = definition.event.schema.parse(input.payload) as Record<string, unknown>;
    const result = await enqueueJob({ definition, key: input.key, payload, runAt: input.runAt, bypassThrottle: input.bypassThrottle ?? false, now: now() });
    if (state === "started" && result.runAt <= now()) kick();
    return result;
  }

  function poll(): Promise<number> {
    if (polling) {
      pollAgain = true; // a slot or a job appeared during this pass: look again before returning
      return polling;
    }
    polling = (async () => {
      let claimed = 0;
      do {
        pollAgain = false;
        while (running.size < parallelism && state !== "stopping") {
          const job = await claimJob({ names, processId, now: now() });
          if (!job) break;
          claimed++;
          launch(job);
        }
      } while (pollAgain && state !== "stopping");
      return claimed;
    })().finally(() => {
      polling = null;
    });
    return polling;
  }

  function kick() {
    poll().catch((e) => logger.error("jobs: poll failed", errorFields(e)));
  }

  function launch(job: Job) {
    const done = execute(job)
      .catch((e) => logger.error("jobs: could not record a job's outcome", { jobId: job.id, ...errorFields(e) }))
      .finally(() => {
        running.delete(job.id);
        if (state === "started") kick(); // a slot is free, and (name, key) may have a pending job
      });
    running.set(job.id, done);
  }

  async function execute(job: Job) {
    const definition = definitionOf(job.name);
    const fields = { jobId: job.id, job: job.name, key: job.key, attempt: job.attempts };
    const parsed = definition.event.schema.safeParse(job.payload);
    if (!parsed.success) {
      logger.error("jobs: invalid payload, not retried", { ...fields, error: parsed.error.message });
      await finishJob({ id: job.id, processId, now: now(), status: "failed", error: `Invalid payload: ${parsed.error.message}` });
      return;
    }
    // One attempt runs every step again: no step state is kept between attempts (the wake is one step).
    const ctx: JobContext = { step: { run: (_id, fn) => fn() }, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const startedAt = Date.now();
    let result: unknown;
    try {
      result = await definition.handler(parsed.data, ctx);
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 2_000);
      const retry = !(e instanceof NonRetriableError) && job.attempts < job.maxAttempts;
      if (retry) {
        const runAt = new Date(now().getTime() + definition.retry.backoffMs(job.attempts));
        await requeueJob({ definition, job, runAt, error, processId });
        logger.warn("jobs: failed, will retry", { ...fields, error, runAt: runAt.toISOString() });
      } else {
        await finishJob({ id: job.id, processId, now: now(), status: "failed", error });
        logger.error("jobs: failed for good", { ...fields, error });
      }
      return;
    }
    // Not owning it any more means another runner took it for an orphan and will run it again.
    if (!(await finishJob({ id: job.id, processId, now: now(), status: "succeeded" }))) logger.warn("jobs: finished a job this process no longer owned", fields);
    else logger.debug("jobs: succeeded", { ...fields, ms: Date.now() - startedAt, result });
  }

  /** Requeues orphaned running jobs: each runs once more. */
  async function recover(startup: boolean) {
    const orphans = await findOrphanedJobs({ names, processId, staleBefore: new Date(now().getTime() - lockTimeoutMs), startup, exclude: [...running.keys()] });
    for (const job of orphans) {
      await requeueJob({ definition: definitionOf(job.name), job, runAt: now(), error: "Interrupted: the process running it stopped." });
      logger.warn("jobs: requeued an interrupted job", { jobId: job.id, job: job.name, key: job.key });
    }
  }

  async function start() {
    if (state !== "idle") return;
    state = "started";
    const bootedAt = now();
    try {
      await recover(true);
    } catch (e) {
      // The database may still be starting: the periodic sweep recovers stale jobs later.
      logger.error("jobs: start-up recovery failed", errorFields(e));
    }
    for (const definition of options.functions) {
      if (!definition.onRecover) continue;
      try {
        await definition.onRecover({ runningKeys: await listRunningKeys(definition.id), bootedAt });
      } catch (e) {
        logger.error("jobs: a function's start-up clean-up failed", { job: definition.id, ...errorFields(e) });
      }
    }
    const loop = () => {
      pollTimer = setTimeout(() => poll().catch((e) => logger.error("jobs: poll failed", errorFields(e))).finally(() => state === "started" && loop()), pollMs);
      pollTimer.unref();
    };
    const beat = () => {
      heartbeatTimer = setTimeout(async () => {
        try {
          await heartbeat({ ids: [...running.keys()], processId, now: now() });
          await recover(false);
          await pruneFinishedJobs({ names, finishedBefore: new Date(now().getTime() - retentionMs) });
        } catch (e) {
          logger.error("jobs: heartbeat failed", errorFields(e));
        }
        if (state === "started") beat();
      }, lockTimeoutMs / 3);
      heartbeatTimer.unref();
    };
    loop();
    beat();
    for (const task of options.periodic ?? []) schedule(task, task.firstAfterMs);
    kick();
    logger.info("jobs: embedded runner started", { processId, functions: names });
  }

  function schedule(task: PeriodicTask, delayMs: number) {
    const timer = setTimeout(() => {
      periodicTimers.delete(timer);
      if (state !== "started") return;
      const run = task
        .run(runner)
        .then((result) => logger.debug("jobs: periodic task done", { task: task.name, result }))
        .catch((e) => logger.error("jobs: periodic task failed", { task: task.name, ...errorFields(e) }))
        .finally(() => {
          periodicRuns.delete(run);
          if (state === "started") schedule(task, task.everyMs);
        });
      periodicRuns.add(run);
    }, delayMs);
    timer.unref();
    periodicTimers.add(timer);
  }

  async function stop() {
    state = "stopping";
    clearTimeout(pollTimer);
    clearTimeout(heartbeatTimer);
    for (const timer of periodicTimers) clearTimeout(timer);
    periodicTimers.clear();
    await Promise.allSettled([...periodicRuns]);
    await polling?.catch(() => 0);
    await idle();
    state = "idle";
  }

  async function idle() {
    while (running.size) await Promise.allSettled([...running.values()]);
  }

  async function enqueueEvent(event: { name: string; data: Record<string, unknown> }) {
    const triggered = options.functions.filter((f) => f.event.name === event.name);
    return Promise.all(
      triggered.map((f) => {
        const data = f.event.schema.parse(event.data) as Record<string, unknown>;
        return enqueue({ name: f.id, key: f.key(data), payload: data, bypassThrottle: f.bypassThrottle?.(data) ?? false });
      }),
    );
  }

  const runner: EmbeddedRunner = { processId, status: () => state, start, stop, enqueue, enqueueEvent, poll, idle };
  return runner;
}
