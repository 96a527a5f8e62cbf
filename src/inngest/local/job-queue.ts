import { Prisma, type Job } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import type { AnyJobDefinition } from "../definition";

// The embedded runner's queue: the `Job` table. Invariants, kept by every writer below:
//  - at most one `pending` job per (name, key): enqueue and requeue run under a per-(name, key)
//    advisory lock and merge into the pending job instead of adding one;
//  - at most one `running` job per (name, key): a job is claimed only while none of its
//    (name, key) runs, one claim per statement (FOR UPDATE SKIP LOCKED), so two runners never
//    take the same row.
// Times come from the caller (an injectable clock) and go to SQL as UTC wall time, the way
// Prisma stores `DateTime` in `timestamp(3)` columns, whatever the session's time zone.

const at = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp(3)`;
// A namespace of our own (the two-int form) so no key collides with other advisory locks,
// e.g. Prisma Migrate's single-bigint one.
const LOCK_NAMESPACE = 0x4a4f42; // "JOB"

async function lockKey(tx: Tx, name: string, key: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${name} || chr(31) || ${key}))`;
}

const json = (v: unknown) => v as Prisma.InputJsonValue;
const earliest = (a: Date, b: Date) => (a < b ? a : b);
const latest = (a: Date, b: Date) => (a > b ? a : b);

export type EnqueueResult = { id: string; runAt: Date; coalesced: boolean };

/**
 * Adds a trigger: merged into the pending job of (name, key) if there is one (earliest runAt wins,
 * payloads merge through `definition.coalesce`), else a new job that starts no sooner than the
 * last start + throttle, unless `bypassThrottle`.
 */
export async function enqueueJob(options: {
  definition: AnyJobDefinition;
  key: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  bypassThrottle: boolean;
  now: Date;
}): Promise<EnqueueResult> {
  const { definition, key, payload, now } = options;
  const name = definition.id;
  return db.$transaction(async (tx) => {
    await lockKey(tx, name, key);
    let notBefore = now;
    if (!options.bypassThrottle && definition.throttleMs > 0) {
      const last = await tx.job.aggregate({ where: { name, key, startedAt: { not: null } }, _max: { startedAt: true } });
      if (last._max.startedAt) notBefore = latest(now, new Date(last._max.startedAt.getTime() + definition.throttleMs));
    }
    const runAt = options.runAt ? latest(options.runAt, notBefore) : notBefore;

    const pending = await tx.job.findFirst({ where: { name, key, status: "pending" } });
    if (pending) {
      const merged = { payload: json(merge(definition, pending.payload, payload)), runAt: earliest(pending.runAt, runAt) };
      // A runner may have claimed it since: then this trigger needs a job of its own.
      const { count } = await tx.job.updateMany({ where: { id: pending.id, status: "pending" }, data: merged });
      if (count === 1) return { id: pending.id, runAt: merged.runAt, coalesced: true };
    }
    const job = await tx.job.create({ data: { name, key, payload: json(payload), runAt, maxAttempts: definition.retry.maxAttempts } });
    return { id: job.id, runAt: job.runAt, coalesced: false };
  });
}

function merge(definition: AnyJobDefinition, pending: unknown, incoming: unknown) {
  return definition.coalesce ? definition.coalesce(pending, incoming) : incoming;
}

/** Takes the next due job of these functions whose (name, key) is not running; null if none. */
export async function claimJob(options: { names: string[]; processId: string; now: Date }): Promise<Job | null> {
  const { names, processId, now } = options;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Job"
    SET status = 'running', "lockedAt" = ${at(now)}, "lockedBy" = ${processId}, "startedAt" = ${at(now)},
        attempts = attempts + 1, "updatedAt" = ${at(now)}
    WHERE id = (
      SELECT c.id FROM "Job" c
      WHERE c.status = 'pending' AND c."runAt" <= ${at(now)} AND c.name = ANY(${names}::text[])
        AND NOT EXISTS (SELECT 1 FROM "Job" r WHERE r.name = c.name AND r.key = c.key AND r.status = 'running')
      ORDER BY c."runAt", c."createdAt"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`;
  return rows[0] ? db.job.findUnique({ where: { id: rows[0].id } }) : null;
}

/** Ends a run this process owns. False if it no longer owns it (another runner recovered it). */
export async function finishJob(options: { id: string; processId: string; now: Date; status: "succeeded" | "failed"; error?: string }) {
  const { count } = await db.job.updateMany({
    where: { id: options.id, lockedBy: options.processId, status: "running" },
    data: { status: options.status, finishedAt: options.now, lockedAt: null, lastError: options.error ?? null },
  });
  return count === 1;
}

/**
 * Puts a job back in the queue (a retry after a failure, or a run its process never finished),
 * folding any trigger that arrived meanwhile into it so (name, key) keeps one pending job.
 */
export async function requeueJob(options: {
  definition: AnyJobDefinition;
  job: Pick<Job, "id" | "key">;
  runAt: Date;
  error: string;
  /** Only if this process still owns it (retry); omitted for recovery. */
  processId?: string;
}) {
  const { definition, job } = options;
  return db.$transaction(async (tx) => {
    await lockKey(tx, definition.id, job.key);
    const { count } = await tx.job.updateMany({
      where: { id: job.id, status: "running", ...(options.processId ? { lockedBy: options.processId } : {}) },
      data: { status: "pending", runAt: options.runAt, lockedAt: null, lockedBy: null, lastError: options.error },
    });
    if (count === 0) return false;
    const others = await tx.job.findMany({ where: { name: definition.id, key: job.key, status: "pending", id: { not: job.id } }, orderBy: { createdAt: "asc" } });
    if (others.length) {
      const self = await tx.job.findUniqueOrThrow({ where: { id: job.id } });
      const payload = others.reduce<unknown>((acc, o) => merge(definition, acc, o.payload), self.payload);
      const runAt = others.reduce((acc, o) => earliest(acc, o.runAt), self.runAt);
      await tx.job.deleteMany({ where: { id: { in: others.map((o) => o.id) } } });
      await tx.job.update({ where: { id: job.id }, data: { payload: json(payload), runAt } });
    }
    return true;
  });
}

/**
 * Running jobs whose process is gone: at start-up every running job not owned by this process
 * (one embedded runner per database), later only those whose lock went stale (no heartbeat).
 */
export async function findOrphanedJobs(options: { names: string[]; processId: string; staleBefore: Date; startup: boolean; exclude: string[] }) {
  const { names, processId, staleBefore, startup, exclude } = options;
  return db.job.findMany({
    where: {
      status: "running",
      name: { in: names },
      id: { notIn: exclude },
      OR: [{ lockedAt: { lt: staleBefore } }, { lockedAt: null }, ...(startup ? [{ lockedBy: { not: processId } }, { lockedBy: null }] : [])],
    },
    select: { id: true, name: true, key: true },
  });
}

/** Keeps this process's locks fresh so other runners do not take its jobs for orphans. */
export async function heartbeat(options: { ids: string[]; processId: string; now: Date }) {
  if (!options.ids.length) return;
  await db.job.updateMany({ where: { id: { in: options.ids }, lockedBy: options.processId, status: "running" }, data: { lockedAt: options.now } });
}

/** Finished jobs are history only; the throttle needs the last start, minutes old at most. */
export async function pruneFinishedJobs(options: { names: string[]; finishedBefore: Date }) {
  const { count } = await db.job.deleteMany({ where: { name: { in: options.names }, status: { in: ["succeeded", "failed"] }, finishedAt: { lt: options.finishedBefore } } });
  return count;
}

export async function listRunningKeys(name: string) {
  const rows = await db.job.findMany({ where: { name, status: "running" }, select: { key: true }, distinct: ["key"] });
  return rows.map((r) => r.key);
}
