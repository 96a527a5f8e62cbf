import { EventEmitter } from "node:events";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db";
import { gate, runnersForThisFile, testJob, until } from "./helpers";

// The server process's shutdown order (src/server/lifecycle.ts) with the real embedded runner:
// draining first (readiness 503), then the runner stops claiming and finishes its running job,
// and only then Next's own signal handler (which closes the HTTP server) runs.

type FakeProcess = EventEmitter & { exit: ReturnType<typeof vi.fn> };

async function freshLifecycle() {
  delete (globalThis as { agentCoachLifecycle?: unknown }).agentCoachLifecycle;
  vi.resetModules();
  return import("@/server/lifecycle");
}

function fakeProcess(): FakeProcess {
  return Object.assign(new EventEmitter(), { exit: vi.fn() });
}

describe("graceful shutdown", () => {
  const newRunner = runnersForThisFile();
  let target: FakeProcess;

  beforeEach(() => {
    target = fakeProcess();
  });

  it("drains the running job before Next's handler closes the server; no new job is claimed meanwhile", async () => {
    const lifecycle = await freshLifecycle();
    const hold = gate();
    const ran: string[] = [];
    const job = testJob({
      handler: async (data) => {
        ran.push(data.label);
        if (data.label === "first") await hold.opened;
      },
    });
    const runner = newRunner({ functions: [job] });
    await runner.start();
    const order: string[] = [];
    target.on("SIGTERM", () => order.push("next closes the server"));

    lifecycle.onDrain("job runner", async () => {
      await runner.stop();
      order.push("runner stopped");
    });
    lifecycle.installGracefulShutdown({ target: target as unknown as NodeJS.Process, drainTimeoutMs: 10_000 });

    await runner.enqueue({ name: job.id, key: "a", payload: { key: "a", label: "first" } });
    await until(() => ran.includes("first"));

    target.emit("SIGTERM", "SIGTERM");
    expect(lifecycle.isDraining()).toBe(true);
    // A job enqueued during the drain waits in Postgres for the next start.
    const late = await runner.enqueue({ name: job.id, key: "b", payload: { key: "b", label: "late" } });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);

    hold.open();
    await until(() => order.length === 2);
    expect(order).toEqual(["runner stopped", "next closes the server"]);
    expect(ran).toEqual(["first"]);
    expect((await db.job.findUniqueOrThrow({ where: { id: late.id } })).status).toBe("pending");
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
