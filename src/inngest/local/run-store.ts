import { randomUUID } from "node:crypto";
import { Prisma, type FunctionRun } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { matches } from "./expressions";
import { keyFor, type FunctionSpec, type TriggerEvent } from "./function-spec";

// The local executor's runs (table FunctionRun): every state change of a run is one statement or
// one transaction here, so the executor code above stays free of SQL. Invariants:
//  - at most one run per (functionId, concurrencyKey) is `running` — claims of one key are
//    serialised by an advisory lock and check for a running sibling;
//  - a `running` run belongs to `leaseOwner` until `leaseUntil`; every write of a running run is
//    conditional on the lease, so a process that lost it (it was too slow, or presumed dead) cannot
//    overwrite the run another process has taken over;
//  - a memoized step is never removed: a re-run of the handler skips it.

const LOCK_NAMESPACE = 7401;

export type MemoizedStep = { id: string; data?: unknown; error?: unknown };
export type StepState = Record<string, MemoizedStep>;
export type WaitFor = { stepId: string; if?: string };

const lockKey = (t: Tx, ...parts: string[]) => t.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${parts.join("|")}))`;
const json = (v: unknown) => v as Prisma.InputJsonValue;

/** The start slot a throttled run may take: one start per period per key, in order of arrival. */
async function throttleSlot(t: Tx, spec: FunctionSpec, throttleKey: string | null, runId: string, now: Date): Promise<Date> {
  if (!spec.throttle || throttleKey === null) return now;
  await lockKey(t, spec.id, "throttle", throttleKey);
  const [row] = await t.$queryRaw<{ last: Date | null }[]>`
    SELECT max(COALESCE("startedAt", "availableAt")) AS "last" FROM "FunctionRun"
    WHERE "functionId" = ${spec.id} AND "throttleKey" = ${throttleKey} AND "id" <> ${runId} AND "status" <> 'debouncing'`;
  const earliest = row?.last ? row.last.getTime() + spec.throttle.periodMs : 0;
  return new Date(Math.max(now.getTime(), earliest));
}

/**
 * A trigger becomes a run: a new queued run (its start moved by the throttle), or — for a debounced
 * function — the run still collecting this key's burst takes the event (Inngest keeps the last one)
 * and its start moves to `period` after it, bounded by `timeout` after the first.
 */
export async function createRunForEvent(spec: FunctionSpec, event: TriggerEvent, now: Date): Promise<{ runId: string; availableAt: Date }> {
  const concurrencyKey = keyFor(spec.concurrencyKey, event);
  const throttleKey = spec.throttle ? (keyFor(spec.throttle.key, event) ?? "") : null;
  return db.$transaction(async (t) => {
    if (spec.debounce) {
      const debounceKey = keyFor(spec.debounce.key, event) ?? "";
      await lockKey(t, spec.id, "debounce", debounceKey);
      const seen = await t.functionRun.findFirst({ where: { functionId: spec.id, debounceKey, eventIds: { has: event.id } }, select: { id: true, availableAt: true } });
      if (seen) return { runId: seen.id, availableAt: seen.availableAt };
      const open = await t.functionRun.findFirst({ where: { functionId: spec.id, debounceKey, status: "debouncing" } });
      const startBy = (first: Date) => {
        const next = now.getTime() + spec.debounce!.periodMs;
        return new Date(spec.debounce!.timeoutMs === null ? next : Math.min(next, first.getTime() + spec.debounce!.timeoutMs));
      };
      if (open) {
        const availableAt = startBy(open.firstTriggerAt);
        await t.functionRun.update({ where: { id: open.id }, data: { event: json(event), eventIds: { push: event.id }, concurrencyKey, throttleKey, availableAt } });
        return { runId: open.id, availableAt };
      }
      const availableAt = startBy(now);
      const run = await t.functionRun.create({ data: { id: randomUUID(), functionId: spec.id, event: json(event), eventIds: [event.id], status: "debouncing", debounceKey, concurrencyKey, throttleKey, availableAt, firstTriggerAt: now } });
      return { runId: run.id, availableAt };
    }
    // One run per (event, function): a re-delivered event (same id) finds its run instead of making another.
    const id = `${spec.id}:${event.id}`;
    const existing = await t.functionRun.findUnique({ where: { id }, select: { availableAt: true } });
    if (existing) return { runId: id, availableAt: existing.availableAt };
    const availableAt = await throttleSlot(t, spec, throttleKey, id, now);
    await t.functionRun.create({ data: { id, functionId: spec.id, event: json(event), eventIds: [event.id], status: "queued", concurrencyKey, throttleKey, availableAt, firstTriggerAt: now } });
    return { runId: id, availableAt };
  });
}

export type ClaimResult = { run: FunctionRun } | { later: Date } | { busy: true } | { gone: true };

/**
 * Takes a run for execution if it is due: a finished debounce becomes queued (through the
 * throttle), a wait whose timeout passed resolves with null (what step.waitForEvent returns on a
 * timeout), and then the run is leased to `owner` unless another run of its key is running.
 */
export async function claimRun(runId: string, spec: FunctionSpec, owner: string, leaseMs: number, now: Date): Promise<ClaimResult> {
  return db.$transaction(async (t) => {
    const [run] = await t.$queryRaw<FunctionRun[]>`SELECT * FROM "FunctionRun" WHERE "id" = ${runId} FOR UPDATE`;
    if (!run) return { gone: true };
    if (run.availableAt > now && run.status !== "running") return { later: run.availableAt };
    let { status, availableAt } = run;
    if (status === "debouncing") {
      availableAt = await throttleSlot(t, spec, run.throttleKey, run.id, now);
      status = "queued";
      await t.functionRun.update({ where: { id: runId }, data: { status, availableAt } });
      if (availableAt > now) return { later: availableAt };
    }
    if (status === "waiting") {
      const wait = run.waitFor as WaitFor;
      const steps: StepState = { ...(run.steps as StepState), [wait.stepId]: { id: wait.stepId, data: null } };
      status = "queued";
      await t.functionRun.update({ where: { id: runId }, data: { status, steps: json(steps), stepOrder: [...run.stepOrder, wait.stepId], waitFor: Prisma.DbNull, waitEvent: null } });
    }
    if (status !== "queued") return run.status === "running" ? { busy: true } : { gone: true };
    if (run.concurrencyKey !== null) {
      await lockKey(t, spec.id, "concurrency", run.concurrencyKey);
      const sibling = await t.functionRun.findFirst({ where: { functionId: spec.id, concurrencyKey: run.concurrencyKey, status: "running", id: { not: runId } }, select: { id: true } });
      if (sibling) return { busy: true };
    }
    const claimed = await t.functionRun.update({
      where: { id: runId },
      data: { status: "running", leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), startedAt: run.startedAt ?? now },
    });
    return { run: claimed };
  });
}

/** Writes a running run's progress; false when this owner no longer holds it. */
export async function saveRunning(runId: string, owner: string, data: { steps: StepState; stepOrder: string[]; attempt: number; leaseUntil: Date }): Promise<boolean> {
  const { count } = await db.functionRun.updateMany({ where: { id: runId, leaseOwner: owner, status: "running" }, data: { ...data, steps: json(data.steps) } });
  return count === 1;
}

export type Parked =
  | { status: "queued"; availableAt: Date; attempt: number; error?: string }
  | { status: "waiting"; availableAt: Date; waitFor: WaitFor; waitEvent: string }
  | { status: "completed"; output: unknown }
  | { status: "failed"; error: string };

/** Releases a running run into its next state (with the steps it memoized); false when the lease was lost. */
export async function parkRun(runId: string, owner: string, steps: { steps: StepState; stepOrder: string[] }, next: Parked, now: Date): Promise<boolean> {
  const common = { steps: json(steps.steps), stepOrder: steps.stepOrder, leaseOwner: null, leaseUntil: null };
  const data: Prisma.FunctionRunUpdateManyMutationInput =
    next.status === "queued"
      ? { ...common, status: "queued", availableAt: next.availableAt, attempt: next.attempt, error: next.error ?? null }
      : next.status === "waiting"
        ? { ...common, status: "waiting", availableAt: next.availableAt, attempt: 0, waitFor: json(next.waitFor), waitEvent: next.waitEvent }
        : next.status === "completed"
          ? { ...common, status: "completed", output: json(next.output ?? null), finishedAt: now, error: null }
          : { ...common, status: "failed", error: next.error.slice(0, 2_000), finishedAt: now };
  const { count } = await db.functionRun.updateMany({ where: { id: runId, leaseOwner: owner, status: "running" }, data });
  return count === 1;
}

/** Keeps this owner's leases alive while it works. */
export async function extendLeases(runIds: string[], owner: string, until: Date) {
  if (runIds.length === 0) return;
  await db.functionRun.updateMany({ where: { id: { in: runIds }, leaseOwner: owner, status: "running" }, data: { leaseUntil: until } });
}

export type RunRef = { id: string; functionId: string };

/** Runs waiting for `event` whose condition it meets resume with it as the step's result. */
export async function resolveWaits(event: TriggerEvent, now: Date): Promise<RunRef[]> {
  const waiting = await db.functionRun.findMany({ where: { waitEvent: event.name, status: "waiting" }, select: { id: true, functionId: true, event: true, waitFor: true } });
  const resumed: RunRef[] = [];
  for (const run of waiting) {
    const wait = run.waitFor as WaitFor;
    if (!matches(wait.if, { event: run.event, async: event })) continue;
    const done = await db.$transaction(async (t) => {
      const [row] = await t.$queryRaw<FunctionRun[]>`SELECT * FROM "FunctionRun" WHERE "id" = ${run.id} AND "status" = 'waiting' FOR UPDATE`;
      if (!row) return false;
      const steps = { ...(row.steps as StepState), [wait.stepId]: { id: wait.stepId, data: event } };
      await t.functionRun.update({ where: { id: run.id }, data: { status: "queued", availableAt: now, steps: json(steps), stepOrder: [...row.stepOrder, wait.stepId], waitFor: Prisma.DbNull, waitEvent: null } });
      return true;
    });
    if (done) resumed.push({ id: run.id, functionId: run.functionId });
  }
  return resumed;
}

/**
 * Runs of `spec` not yet finished whose `cancelOn` the event meets end `cancelled`. A running one
 * loses its lease: the step in flight finishes, but its result is not saved and no later step runs.
 */
export async function cancelRuns(spec: FunctionSpec, event: TriggerEvent, now: Date): Promise<string[]> {
  const conditions = spec.cancelOn.filter((c) => c.name === event.name);
  if (conditions.length === 0) return [];
  const open = await db.functionRun.findMany({ where: { functionId: spec.id, status: { in: ["debouncing", "queued", "waiting", "running"] } }, select: { id: true, event: true } });
  const ids = open.filter((run) => conditions.some((c) => matches(c.if, { event: run.event, async: event }))).map((r) => r.id);
  if (ids.length === 0) return [];
  await db.functionRun.updateMany({
    where: { id: { in: ids }, status: { in: ["debouncing", "queued", "waiting", "running"] } },
    data: { status: "cancelled", finishedAt: now, leaseOwner: null, leaseUntil: null, waitFor: Prisma.DbNull, waitEvent: null, error: `cancelled by ${event.name} (${event.id})` },
  });
  return ids;
}

/** Runs whose owner stopped renewing its lease (the process died) are queued again: their in-flight step re-runs. */
export async function reclaimExpiredLeases(functionIds: string[], now: Date): Promise<RunRef[]> {
  return db.$queryRaw<RunRef[]>`
    UPDATE "FunctionRun" SET "status" = 'queued', "availableAt" = ${now}, "leaseOwner" = NULL, "leaseUntil" = NULL, "updatedAt" = ${now}
    WHERE "status" = 'running' AND "leaseUntil" < ${now} AND "functionId" = ANY(${functionIds}) RETURNING "id", "functionId"`;
}

/** Runs of these functions due at `dueBy` (not running, not finished), oldest first. */
export async function dueRuns(functionIds: string[], dueBy: Date, limit = 200): Promise<RunRef[]> {
  return db.functionRun.findMany({
    where: { functionId: { in: functionIds }, status: { in: ["queued", "debouncing", "waiting"] }, availableAt: { lte: dueBy } },
    orderBy: { availableAt: "asc" },
    take: limit,
    select: { id: true, functionId: true },
  });
}

/** The next run of a key that is due, once the running one has finished (the single-flight chain). */
export async function nextRunOfKey(functionId: string, concurrencyKey: string, now: Date) {
  return db.functionRun.findFirst({
    where: { functionId, concurrencyKey, status: { in: ["queued", "waiting"] }, availableAt: { lte: now } },
    orderBy: { availableAt: "asc" },
    select: { id: true },
  });
}

/** Finished runs are history for a week. */
export async function pruneRuns(before: Date) {
  return db.functionRun.deleteMany({ where: { status: { in: ["completed", "failed", "cancelled"] }, finishedAt: { lt: before } } });
}
