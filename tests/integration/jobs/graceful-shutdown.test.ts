import { EventEmitter } from "node:events";
import { eventType } from "inngest";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { db } from "@/server/db";
import { executorsForThisFile, gate, testId, until } from "./harness";

// The server process's shutdown order (src/server/lifecycle.ts) with a real local executor:
// draining first (readiness 503), then the executor stops taking runs and finishes the one it is
// executing, and only then Next's own signal handler (which closes the HTTP server) runs.

type FakeProcess = EventEmitter & { exit: ReturnType<typeof vi.fn> };

const testEvent = eventType("test/shutdown.requested", { schema: z.object({ key: z.string(), label: z.string() }) });

async function freshLifecycle() {
  delete (globalThis as { agentCoachLifecycle?: unknown }).agentCoachLifecycle;
  vi.resetModules();
  return import("@/server/lifecycle");
}

function fakeProcess(): FakeProcess {
  return Object.assign(new EventEmitter(), { exit: vi.fn() });
}

describe("graceful shutdown", () => {
  const newExecutor = executorsForThisFile();
  let target: FakeProcess;

  beforeEach(() => {
    target = fakeProcess();
  });

  it("drains the running run before Next's handler closes the server; no new run starts meanwhile", async () => {
    const lifecycle = await freshLifecycle();
    const hold = gate();
    const ran: string[] = [];
    const id = testId("shutdown");
    const fn = inngest.createFunction({ id, triggers: [testEvent] }, async ({ event, step }) =>
      step.run("work", async () => {
        ran.push(event.data.label);
        if (event.data.label === "first") await hold.opened;
        return event.data.label;
      }),
    );
    const executor = await newExecutor({ functions: [fn] }); // the real pg-boss workers
    const order: string[] = [];
    target.on("SIGTERM", () => order.push("next closes the server"));

    lifecycle.onDrain("jobs", async () => {
      await executor.stop();
      order.push("executor stopped");
    });
    lifecycle.installGracefulShutdown({ target: target as unknown as NodeJS.Process, drainTimeoutMs: 10_000 });

    await executor.dispatch([{ name: testEvent.name, data: { key: "a", label: "first" } }]);
    await until(() => ran.includes("first"));

    target.emit("SIGTERM", "SIGTERM");
    expect(lifecycle.isDraining()).toBe(true);
    expect(executor.status()).toBe("stopping");
    // An event arriving during the drain is a run that waits in Postgres for the next start.
    const { ids } = await executor.dispatch([{ name: testEvent.name, data: { key: "b", label: "late" } }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);

    hold.open();
    await until(() => order.length === 2);
    expect(order).toEqual(["executor stopped", "next closes the server"]);
    expect(executor.status()).toBe("stopped");
    expect(ran).toEqual(["first"]);
    const runs = await db.functionRun.findMany({ where: { functionId: id }, orderBy: { createdAt: "asc" } });
    expect(runs.map((r) => [r.status, r.output])).toEqual([
      ["completed", "first"],
      ["queued", null],
    ]);
    expect(runs[1]!.id).toBe(`${id}:${ids[0]}`);
    expect(target.exit).not.toHaveBeenCalled();
  });

  it("bounds the drain: a job that never ends does not keep the server from closing", async () => {
    const lifecycle = await freshLifecycle();
    const closed = vi.fn();
    target.on("SIGINT", closed);
    lifecycle.onDrain("stuck", () => new Promise(() => {}));
    lifecycle.installGracefulShutdown({ target: target as unknown as NodeJS.Process, drainTimeoutMs: 50 });

    target.emit("SIGINT", "SIGINT");
    target.emit("SIGINT", "SIGINT"); // a terminal's Ctrl-C arrives twice (group + parent)
    await until(() => closed.mock.calls.length > 0);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it("exits by itself when no server handler was registered (NEXT_MANUAL_SIG_HANDLE)", async () => {
    const lifecycle = await freshLifecycle();
    lifecycle.installGracefulShutdown({ target: target as unknown as NodeJS.Process });
    target.emit("SIGTERM", "SIGTERM");
    await until(() => target.exit.mock.calls.length > 0);
    expect(target.exit).toHaveBeenCalledWith(0);
  });
});
