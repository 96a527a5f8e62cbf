import { eventType } from "inngest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { executorsForThisFile, gate, testId, until } from "./harness";

// Several app servers on one database each run an executor, each with its own pg-boss connection
// pool and its own lease owner. These tests run two of them side by side: a run is executed by one
// of them, one run per concurrency key at a time, and a run whose process died is taken over once
// its lease expires — its completed steps are not run again.

const Data = z.object({ key: z.string(), n: z.number() });
const work = eventType("test/two-executors", { schema: Data });

describe("two executors on one database", () => {
  const newExecutor = executorsForThisFile();

  it("processes starting together all start: creating their queues at once is retried when PostgreSQL cancels one for a deadlock", async () => {
    // Each executor creates its functions' queues (DDL on pg-boss's shared tables) as it starts.
    const fns = Array.from({ length: 4 }, (_, i) => inngest.createFunction({ id: testId(`start-${i}`), triggers: [work] }, async () => "ok"));
    const started = await Promise.allSettled(Array.from({ length: 6 }, () => newExecutor({ functions: fns }, { install: false })));
    expect(started.filter((r) => r.status === "rejected")).toEqual([]);
  });

  it("every run executes exactly once and single-flight per key holds across both", async () => {
    const id = testId("shared");
    const namespace = `t${uid()}`;
    const executions = new Map<number, number>();
    const runningPerKey = new Map<string, number>();
    let overlap = 0;
    const fn = inngest.createFunction({ id, triggers: [work], concurrency: { key: "event.data.key", limit: 1 } }, async ({ event, step }) =>
      step.run("work", async () => {
        const key = event.data.key;
        runningPerKey.set(key, (runningPerKey.get(key) ?? 0) + 1);
        if (runningPerKey.get(key)! > 1) overlap++;
        executions.set(event.data.n, (executions.get(event.data.n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
        runningPerKey.set(key, runningPerKey.get(key)! - 1);
        return event.data.n;
      }),
    );
    const a = await newExecutor({ functions: [fn], namespace, concurrency: 3 });
    const b = await newExecutor({ functions: [fn], namespace, concurrency: 3 }, { install: false });
    expect(a.owner).not.toBe(b.owner);
    const events = Array.from({ length: 60 }, (_, n) => ({ name: work.name, data: { key: `k${n % 4}`, n } }));
    await a.dispatch(events.slice(0, 30));
    await b.dispatch(events.slice(30));
    await until(async () => (await db.functionRun.count({ where: { functionId: id, status: "completed" } })) === 60, 30_000);
    expect([...executions.values()].every((count) => count === 1)).toBe(true);
    expect(executions.size).toBe(60);
    expect(overlap).toBe(0);
  });

  it("a process that dies mid-step loses its lease; another takes the run over without re-running completed steps", async () => {
    const id = testId("takeover");
    const namespace = `t${uid()}`;
    const calls: string[] = [];
    const stuck = gate();
    let firstAttempt = true;
    const fn = inngest.createFunction({ id, triggers: [work] }, async ({ step }) => {
      await step.run("before", async () => void calls.push("before"));
      await step.run("slow", async () => {
        calls.push("slow");
        if (firstAttempt) {
          firstAttempt = false;
          await stuck.opened; // the "dead" process never gets past this
        }
      });
      await step.run("after", async () => void calls.push("after"));
      return "done";
    });
    const dying = await newExecutor({ functions: [fn], namespace, leaseMs: 60_000 });
    await dying.dispatch([{ name: work.name, data: { key: "x", n: 1 } }]);
    await until(() => calls.includes("slow"));
    const [held] = await db.functionRun.findMany({ where: { functionId: id } });
    expect(held).toMatchObject({ status: "running", leaseOwner: dying.owner });

    // The survivor's clock is past the lease: the sweep takes the run over.
    const later = () => new Date(Date.now() + 120_000);
    const survivor = await newExecutor({ functions: [fn], namespace, now: later, work: false }, { install: false });
    await survivor.sweep();
    await survivor.drain();
    const [run] = await db.functionRun.findMany({ where: { functionId: id } });
    expect(run).toMatchObject({ status: "completed", output: "done" });
    expect(calls).toEqual(["before", "slow", "slow", "after"]);

    // The dead process wakes up: its late result is refused (it no longer holds the lease).
    stuck.open();
    await new Promise((r) => setTimeout(r, 200));
    expect(await db.functionRun.findUniqueOrThrow({ where: { id: run!.id } })).toMatchObject({ status: "completed", output: "done" });
    expect(calls.filter((c) => c === "after")).toHaveLength(1);
  });
});
