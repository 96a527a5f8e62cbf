import { NonRetriableError } from "inngest";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { gate, sleep, testClock, testJob, until, runnersForThisFile, type TestData } from "./helpers";

const runner = runnersForThisFile();

const jobsOf = (name: string, key: string) => db.job.findMany({ where: { name, key }, orderBy: { createdAt: "asc" } });

/** A handler that records its runs and holds each one until the test opens its gate. */
function heldHandler() {
  const runs: { label: string; gate: ReturnType<typeof gate> }[] = [];
  let active = 0;
  let maxActive = 0;
  const handler = async (data: TestData) => {
    const g = gate();
    runs.push({ label: data.label, gate: g });
    maxActive = Math.max(maxActive, ++active);
    await g.opened;
    active--;
  };
  return { handler, runs, maxActive: () => maxActive };
}

describe("embedded runner", () => {
  it("is single-flight per key: a trigger during a run waits, then runs once", async () => {
    const held = heldHandler();
    const job = testJob({ handler: held.handler });
    const r = runner({ functions: [job], parallelism: 4 });
    const key = uid();
    await r.enqueue({ name: job.id, key, payload: { key, label: "a" } });
    await r.start();
    await until(() => held.runs.length === 1);

    expect(await r.enqueue({ name: job.id, key, payload: { key, label: "b" } })).toMatchObject({ coalesced: false });
    expect(await r.enqueue({ name: job.id, key, payload: { key, label: "c" } })).toMatchObject({ coalesced: true });
    // Another key is not held back by this one.
    const other = uid();
    await r.enqueue({ name: job.id, key: other, payload: { key: other, label: "x" } });
    await until(() => held.runs.length === 2);
    expect(held.runs[1].label).toBe("x");
    await r.poll();
    await sleep(50);
    expect(held.runs.map((run) => run.label)).toEqual(["a", "x"]);

    held.runs[0].gate.open();
    await until(() => held.runs.length === 3);
    expect(held.runs[2].label).toBe("b+c");
    held.runs[1].gate.open();
    held.runs[2].gate.open();
    await r.idle();
    await sleep(50);
    expect(held.runs).toHaveLength(3);
    expect(held.maxActive()).toBe(2); // the two keys, never two runs of one key
    expect((await jobsOf(job.id, key)).map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("coalesces a burst: 5 triggers while a run is going become exactly one more run", async () => {
    const held = heldHandler();
    const job = testJob({ handler: held.handler });
    const r = runner({ functions: [job] });
    const key = uid();
    await r.enqueue({ name: job.id, key, payload: { key, label: "first" } });
    await r.start();
    await until(() => held.runs.length === 1);

    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => r.enqueue({ name: job.id, key, payload: { key, label: `t${n}` } })));
    expect(new Set(results.map((res) => res.id)).size).toBe(1); // one pending job, even with concurrent enqueues
    expect(results.filter((res) => !res.coalesced)).toHaveLength(1);

    held.runs[0].gate.open();
    await until(() => held.runs.length === 2);
    expect(held.runs[1].label.split("+").sort()).toEqual(["t1", "t2", "t3", "t4", "t5"]);
    held.runs[1].gate.open();
    await r.idle();
    await sleep(50);
    expect(held.runs).toHaveLength(2);
    expect(await jobsOf(job.id, key)).toHaveLength(2);
  });

  it("throttles: a trigger right after a run starts at last start + throttle", async () => {
    const clock = testClock();
    const labels: string[] = [];
    const job = testJob({ throttleMs: 120_000, handler: async (d) => void labels.push(d.label) });
    const r = runner({ functions: [job], now: clock.now });
    const key = uid();

    expect(await r.enqueue({ name: job.id, key, payload: { key, label: "first" } })).toMatchObject({ runAt: new Date(clock.start) });
    expect(await r.poll()).toBe(1);
    await r.idle();

    clock.advance(5_000);
    const second = await r.enqueue({ name: job.id, key, payload: { key, label: "second" } });
    expect(second.runAt).toEqual(new Date(clock.start + 120_000));
    expect(await r.poll()).toBe(0);
    clock.set(clock.start + 119_999);
    expect(await r.poll()).toBe(0);
    clock.set(clock.start + 120_000);
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(labels).toEqual(["first", "second"]);

    // Throttle is per key.
    const other = uid();
    expect((await r.enqueue({ name: job.id, key: other, payload: { key: other, label: "other" } })).runAt).toEqual(clock.now());
  });

  it("lets a manual trigger skip the throttle but not the single-flight; the earliest runAt wins", async () => {
    const clock = testClock();
    const held = heldHandler();
    const job = testJob({ throttleMs: 120_000, handler: held.handler, bypassThrottle: (d) => d.label === "manual" });
    const r = runner({ functions: [job], now: clock.now });
    const key = uid();
    await r.enqueue({ name: job.id, key, payload: { key, label: "first" } });
    expect(await r.poll()).toBe(1);

    clock.advance(1_000);
    const queued = await r.enqueue({ name: job.id, key, payload: { key, label: "update" } });
    expect(queued.runAt).toEqual(new Date(clock.start + 120_000));
    const manual = await r.enqueueEvent({ name: "test/job.requested", data: { key, label: "manual" } });
    expect(manual).toEqual([{ id: queued.id, coalesced: true, runAt: clock.now() }]);

    expect(await r.poll()).toBe(0); // due, but the first run still holds the key
    held.runs[0].gate.open();
    await r.idle();
    expect(await r.poll()).toBe(1); // no throttle wait: the clock has not moved
    expect(held.runs[1].label).toBe("update+manual");
    held.runs[1].gate.open();
    await r.idle();
  });

  it("backs off after failures (attempts 1, 2, 3 with growing runAt), then fails for good; a new trigger starts afresh", async () => {
    const clock = testClock();
    let fail = true;
    const calls: number[] = [];
    const job = testJob({
      retry: { maxAttempts: 3, backoffMs: (attempt) => 60_000 * 2 ** (attempt - 1) },
      handler: async (_d, ctx) => {
        calls.push(ctx.attempt);
        if (fail) throw new Error(`boom ${ctx.attempt}`);
      },
    });
    const r = runner({ functions: [job], now: clock.now });
    const key = uid();
    const { id } = await r.enqueue({ name: job.id, key, payload: { key, label: "a" } });

    expect(await r.poll()).toBe(1);
    await r.idle();
    let row = await db.job.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "boom 1", runAt: new Date(clock.start + 60_000), lockedBy: null });

    expect(await r.poll()).toBe(0);
    clock.set(clock.start + 60_000);
    expect(await r.poll()).toBe(1);
    await r.idle();
    row = await db.job.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastError: "boom 2", runAt: new Date(clock.start + 60_000 + 120_000) });

    clock.set(clock.start + 180_000);
    expect(await r.poll()).toBe(1);
    await r.idle();
    row = await db.job.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "boom 3" });
    expect(row.finishedAt).toEqual(clock.now());
    clock.advance(3_600_000);
    expect(await r.poll()).toBe(0);
    expect(calls).toEqual([1, 2, 3]);

    fail = false;
    const again = await r.enqueue({ name: job.id, key, payload: { key, label: "b" } });
    expect(again).toMatchObject({ coalesced: false });
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(await db.job.findUniqueOrThrow({ where: { id: again.id } })).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });
  });

  it("succeeds on a retry, and never retries a NonRetriableError", async () => {
    let calls = 0;
    const flaky = testJob({
      handler: async () => {
        if (++calls === 1) throw new Error("once");
      },
    });
    const fatal = testJob({
      handler: async () => {
        throw new NonRetriableError("bad input");
      },
    });
    const r = runner({ functions: [flaky, fatal] });
    const key = uid();
    const a = await r.enqueue({ name: flaky.id, key, payload: { key, label: "a" } });
    const b = await r.enqueue({ name: fatal.id, key, payload: { key, label: "b" } });
    await r.start();
    await until(async () => (await db.job.count({ where: { id: { in: [a.id, b.id] }, status: { in: ["succeeded", "failed"] } } })) === 2);
    expect(await db.job.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: "succeeded", attempts: 2, lastError: null });
    expect(await db.job.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "failed", attempts: 1, lastError: "bad input" });
  });

  it("rejects a payload that does not match the event's schema", async () => {
    const job = testJob();
    const r = runner({ functions: [job] });
    await expect(r.enqueue({ name: job.id, key: "k", payload: { key: "k" } })).rejects.toThrow();
    await expect(r.enqueue({ name: "no-such-job", key: "k", payload: {} })).rejects.toThrow(/No job function/);
    expect(await db.job.count({ where: { name: job.id } })).toBe(0);
  });
});
