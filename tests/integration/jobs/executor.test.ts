import { eventType, NonRetriableError, RetryAfterError } from "inngest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { db } from "@/server/db";
import { executorsForThisFile, gate, testClock, testId, until } from "./harness";

// The local executor runs Inngest function objects with Inngest's execution model, against
// Postgres: memoized steps, persisted sleeps and waits, retries per step, flow control from the
// function's own options. These tests drive it with a fake clock and `drain()` (no timing), except
// where the real pg-boss workers are the point.

const Data = z.object({ key: z.string(), label: z.string() });
const testEvent = eventType("test/local.requested", { schema: Data });
const replyEvent = eventType("test/local.replied", { schema: z.object({ to: z.string(), answer: z.string() }) });

const runsOf = (functionId: string) => db.functionRun.findMany({ where: { functionId }, orderBy: { createdAt: "asc" } });
const send = (key: string, label: string, extra: { id?: string } = {}) => ({ name: testEvent.name, data: { key, label }, ...extra });

describe("local executor", () => {
  const newExecutor = executorsForThisFile();

  it("memoizes steps: a sleep and a wait later, each completed step has run exactly once", async () => {
    const clock = testClock();
    const calls: string[] = [];
    const id = testId("memo");
    const fn = inngest.createFunction({ id, triggers: [testEvent] }, async ({ event, step }) => {
      const a = await step.run("a", async () => (calls.push("a"), `a:${event.data.label}`));
      await step.sleep("nap", "1h");
      const b = await step.run("b", async () => (calls.push("b"), "b"));
      const reply = await step.waitForEvent("reply", { event: replyEvent, timeout: "1d", if: `async.data.to == "${event.data.key}"` });
      const c = await step.run("c", async () => (calls.push("c"), reply?.data.answer ?? "timeout"));
      return { a, b, c };
    });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([send("k1", "one")]);
    await executor.drain();
    expect(calls).toEqual(["a"]);
    expect((await runsOf(id))[0]).toMatchObject({ status: "queued", availableAt: new Date(clock.start + 3_600_000) });

    clock.advance(3_600_000);
    await executor.drain();
    expect(calls).toEqual(["a", "b"]);
    expect((await runsOf(id))[0]).toMatchObject({ status: "waiting", waitEvent: replyEvent.name });

    await executor.dispatch([{ name: replyEvent.name, data: { to: "someone-else", answer: "no" } }]);
    await executor.drain();
    expect((await runsOf(id))[0]!.status).toBe("waiting");

    await executor.dispatch([{ name: replyEvent.name, data: { to: "k1", answer: "yes" } }]);
    await executor.drain();
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: "completed", output: { a: "a:one", b: "b", c: "yes" } });
    expect(calls).toEqual(["a", "b", "c"]);
  });

  it("a wait that times out resumes with null", async () => {
    const clock = testClock();
    const id = testId("timeout");
    const fn = inngest.createFunction({ id, triggers: [testEvent] }, async ({ step }) => {
      const reply = await step.waitForEvent("reply", { event: replyEvent, timeout: "2h" });
      return { reply };
    });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([send("k", "x")]);
    await executor.drain();
    clock.advance(2 * 3_600_000 - 1);
    await executor.drain();
    expect((await runsOf(id))[0]!.status).toBe("waiting");
    clock.advance(1);
    await executor.drain();
    expect((await runsOf(id))[0]).toMatchObject({ status: "completed", output: { reply: null } });
  });

  it("retries a failing step after its delay, then memoizes the failure once the attempts are spent", async () => {
    const clock = testClock();
    const id = testId("retry");
    let attempts = 0;
    const fn = inngest.createFunction({ id, triggers: [testEvent], retries: 2 }, async ({ step }) => {
      const first = await step.run("first", async () => "ok");
      try {
        await step.run("flaky", async () => {
          attempts++;
          throw new RetryAfterError("down", 30_000);
        });
      } catch (e) {
        return { first, failed: (e as Error).message };
      }
      return { first };
    });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([send("k", "x")]);
    await executor.drain();
    expect(attempts).toBe(1);
    expect((await runsOf(id))[0]).toMatchObject({ status: "queued", attempt: 1, error: "down", availableAt: new Date(clock.start + 30_000) });
    clock.advance(30_000);
    await executor.drain();
    clock.advance(30_000);
    await executor.drain();
    expect(attempts).toBe(3);
    expect((await runsOf(id))[0]).toMatchObject({ status: "completed", output: { first: "ok", failed: "down" } });
  });

  it("a non-retriable error fails the run at once", async () => {
    const id = testId("fatal");
    let attempts = 0;
    const fn = inngest.createFunction({ id, triggers: [testEvent], retries: 3 }, async ({ step }) =>
      step.run("boom", async () => {
        attempts++;
        throw new NonRetriableError("bad input");
      }),
    );
    const executor = await newExecutor({ functions: [fn], work: false });
    await executor.dispatch([send("k", "x")]);
    await executor.drain();
    expect(attempts).toBe(1);
    expect((await runsOf(id))[0]).toMatchObject({ status: "failed", error: expect.stringContaining("bad input") });
  });

  it("an event delivered twice (same id) makes one run", async () => {
    const id = testId("dedupe");
    const fn = inngest.createFunction({ id, triggers: [testEvent] }, async () => "done");
    const executor = await newExecutor({ functions: [fn], work: false });
    await executor.dispatch([send("k", "x", { id: "evt-1" })]);
    await executor.dispatch([send("k", "x", { id: "evt-1" })]);
    await executor.drain();
    expect(await runsOf(id)).toHaveLength(1);
  });

  it("a debounced function also ignores a re-delivered event, during the burst and after its run", async () => {
    const clock = testClock();
    const id = testId("dedupe-debounce");
    const fn = inngest.createFunction({ id, triggers: [testEvent], debounce: { key: "event.data.key", period: "5s" } }, async ({ event }) => event.data.label);
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([send("k", "x", { id: "evt-a" })]);
    await executor.dispatch([send("k", "x", { id: "evt-a" })]);
    clock.advance(5_000);
    await executor.drain();
    await executor.dispatch([send("k", "x", { id: "evt-a" })]);
    clock.advance(5_000);
    await executor.drain();
    expect((await runsOf(id)).map((r) => [r.status, r.eventIds])).toEqual([["completed", ["evt-a"]]]);
  });

  it("debounce: a burst is one run with the last event; throttle: the next run waits for its slot", async () => {
    const clock = testClock();
    const id = testId("flow");
    const seen: string[] = [];
    const fn = inngest.createFunction(
      { id, triggers: [testEvent], debounce: { key: "event.data.key", period: "5s", timeout: "1m" }, throttle: { key: "event.data.key", limit: 1, period: "120s" } },
      async ({ event, step }) => step.run("see", async () => void seen.push(event.data.label)),
    );
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([send("k", "first"), send("k", "second"), send("other", "alone")]);
    clock.advance(4_000);
    await executor.dispatch([send("k", "third")]);
    await executor.drain();
    expect(seen).toEqual([]);
    clock.advance(5_000);
    await executor.drain();
    expect(seen.sort()).toEqual(["alone", "third"]);

    clock.advance(10_000);
    await executor.dispatch([send("k", "fourth")]);
    clock.advance(5_000);
    await executor.drain();
    expect(seen).not.toContain("fourth"); // within 120 s of "third"
    const pending = (await runsOf(id)).find((r) => r.status === "queued")!;
    expect(pending.availableAt.getTime()).toBe(clock.start + 9_000 + 120_000);
    clock.set(pending.availableAt.getTime());
    await executor.drain();
    expect(seen).toContain("fourth");
  });

  it("debounce timeout: a steady stream still starts a run after `timeout`", async () => {
    const clock = testClock();
    const id = testId("debounce-timeout");
    const fn = inngest.createFunction({ id, triggers: [testEvent], debounce: { key: "event.data.key", period: "5s", timeout: "20s" } }, async ({ event }) => event.data.label);
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    for (let i = 0; i < 6; i++) {
      await executor.dispatch([send("k", `e${i}`)]);
      clock.advance(4_000);
      await executor.drain();
    }
    // e0…e4 arrived within 20 s of e0: one run at 20 s, with e4; e5 opened the next burst.
    expect((await runsOf(id)).map((r) => [r.status, r.output])).toEqual([["completed", "e4"], ["debouncing", null]]);
  });

  it("single-flight per key with the real workers: a second run of a key waits; other keys do not", async () => {
    const id = testId("single");
    const hold = gate();
    const started: string[] = [];
    const fn = inngest.createFunction({ id, triggers: [testEvent], concurrency: { key: "event.data.key", limit: 1 } }, async ({ event, step }) =>
      step.run("work", async () => {
        started.push(event.data.label);
        if (event.data.label === "a1") await hold.opened;
        return event.data.label;
      }),
    );
    const executor = await newExecutor({ functions: [fn], concurrency: 3 });
    await executor.dispatch([send("a", "a1")]);
    await until(() => started.includes("a1"));
    await executor.dispatch([send("a", "a2"), send("b", "b1")]);
    await until(() => started.includes("b1"));
    await new Promise((r) => setTimeout(r, 300));
    expect(started).not.toContain("a2");
    hold.open();
    await until(() => started.includes("a2"));
    await until(async () => (await runsOf(id)).every((r) => r.status === "completed"));
  });

  it("step.sendEvent goes through the outbox to the triggered function", async () => {
    const id = testId("fan");
    const childId = testId("child");
    const childEvent = eventType(`test/child-${childId}`, { schema: z.object({ n: z.number() }) });
    const seen: number[] = [];
    const parent = inngest.createFunction({ id, triggers: [testEvent] }, async ({ step }) => step.sendEvent("fan-out", [{ name: childEvent.name, data: { n: 1 } }, { name: childEvent.name, data: { n: 2 } }]));
    const child = inngest.createFunction({ id: childId, triggers: [childEvent] }, async ({ event }) => void seen.push(event.data.n));
    const executor = await newExecutor({ functions: [parent, child], work: false });
    // Child events are not app events: the outbox refuses them, so this function sends through the
    // executor directly — what sendEvents does for app events after writing them.
    const { setLocalSender } = await import("@/inngest/client");
    setLocalSender((events) => executor.dispatch(events));
    await executor.dispatch([send("k", "x")]);
    await executor.drain();
    await executor.drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it("cron: fireCron starts a run with Inngest's scheduled-timer event", async () => {
    const id = testId("cron");
    const fn = inngest.createFunction({ id, triggers: [{ cron: "0 * * * *" }] }, async ({ event }) => event.name);
    const executor = await newExecutor({ functions: [fn], work: false });
    await executor.fireCron(id);
    await executor.drain();
    expect((await runsOf(id))[0]).toMatchObject({ status: "completed", output: "inngest/scheduled.timer" });
  });

  it("refuses options it cannot honour instead of ignoring them", async () => {
    const fn = inngest.createFunction({ id: testId("batch"), triggers: [testEvent], batchEvents: { maxSize: 10, timeout: "5s" } }, async () => null);
    await expect(newExecutor({ functions: [fn], work: false })).rejects.toThrow(/batchEvents/);
  });
});
