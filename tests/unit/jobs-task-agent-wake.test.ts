import { InngestTestEngine, mockCtx } from "@inngest/test";
import { describe, expect, it, vi, type Mock } from "vitest";
import { exponentialBackoff } from "@/inngest/definition";
import { agentWakeRequested } from "@/inngest/events";
import { createTaskAgentWakeFunction, FLOW_KEY, WAKE_THROTTLE_MS, type WakeFn } from "@/inngest/functions/task-agent-wake";
import { toInngestFunction } from "@/inngest/client";

// The Inngest driver, in process (@inngest/test): the real step body runs with an injected wake.

const data = { workspaceId: "ws_1", agentId: "agent_1", reason: "subscription" as const };
const event = { name: agentWakeRequested.name, data };

function setup(result: Awaited<ReturnType<WakeFn>> | Error) {
  const wake = vi.fn<WakeFn>(async () => {
    if (result instanceof Error) throw result;
    return result;
  });
  const definition = createTaskAgentWakeFunction({ wake });
  const fn = toInngestFunction(definition);
  return { wake, definition, fn, engine: new InngestTestEngine({ function: fn, events: [event] }) };
}

/** The function the handler gave to step.run (the engine's spy records it). */
const stepBody = (ctx: { step: { run: unknown } }) => (ctx.step.run as Mock).mock.calls[0][1] as () => Promise<unknown>;

describe("task-agent-wake on Inngest", () => {
  it("is single-flight per agent, throttled and debounced per agent except manual runs, 3 attempts", () => {
    const { fn } = setup({ runId: null, status: "skipped" });
    expect(fn.opts.concurrency).toEqual({ key: "event.data.agentId", limit: 1 });
    expect(fn.opts.throttle).toEqual({ key: FLOW_KEY, limit: 1, period: "120s" });
    expect(fn.opts.debounce).toMatchObject({ key: FLOW_KEY, period: "5s", timeout: "1m" });
    expect(FLOW_KEY).toContain('event.data.reason == "manual"');
    expect(fn.opts.retries).toBe(2);
    expect(fn.opts.triggers).toEqual([agentWakeRequested]);
  });

  it("runs the wake inside step 'wake' with the event's data", async () => {
    const { wake, engine } = setup({ runId: "run_1", status: "succeeded" });
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: "run_1", status: "succeeded" });
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(data);
    expect(ctx.step.run).toHaveBeenCalledWith("wake", expect.any(Function));
  });

  it("treats a skipped wake as done", async () => {
    const { engine } = setup({ runId: null, status: "skipped" });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: null, status: "skipped" });
  });

  it("fails the step when the wake reports a failure, with the definition's backoff as retry delay", async () => {
    const { engine } = setup({ runId: "run_2", status: "failed", error: "model timed out" });
    const { result, error, ctx } = await engine.execute();
    expect(result).toBeUndefined();
    expect(error).toMatchObject({ name: "RetryAfterError", message: "model timed out" });
    // The run's error is serialized; the delay is on the thrown error, in seconds: 30 s after
    // the first attempt …
    await expect(stepBody(ctx)()).rejects.toMatchObject({ retryAfter: "30" });
    // … and 60 s after the second (Inngest's attempt counts from 0).
    const second = await engine.clone({ transformCtx: (raw) => ({ ...mockCtx(raw), attempt: 1 }) }).execute();
    await expect(stepBody(second.ctx)()).rejects.toMatchObject({ retryAfter: "60" });
  });

  it("fails the step when the wake throws", async () => {
    const { engine } = setup(new Error("database unreachable"));
    const { error } = await engine.execute();
    expect(error).toMatchObject({ message: "database unreachable" });
  });

  it("rejects an event whose payload does not match the schema", async () => {
    const { fn, wake } = setup({ runId: null, status: "skipped" });
    const bad = new InngestTestEngine({ function: fn, events: [{ name: agentWakeRequested.name, data: { agentId: "a", reason: "whenever" } }] });
    const { error } = await bad.execute();
    expect(error).toBeDefined();
    expect(wake).not.toHaveBeenCalled();
  });
});

describe("task-agent-wake semantics (both drivers)", () => {
  const { definition } = setup({ runId: null, status: "skipped" });

  it("keys on the agent, throttles 120 s, and lets manual runs skip the throttle", () => {
    expect(definition.key(data)).toBe("agent_1");
    expect(definition.throttleMs).toBe(WAKE_THROTTLE_MS);
    expect(definition.bypassThrottle?.({ ...data, reason: "manual" })).toBe(true);
    expect(definition.bypassThrottle?.(data)).toBe(false);
  });

  it("keeps the most important reason when triggers coalesce: manual > creation > reanalysis > subscription > scheduled", () => {
    const order = ["scheduled", "subscription", "reanalysis", "creation", "manual"] as const;
    for (const [i, low] of order.entries()) {
      for (const high of order.slice(i)) {
        expect(definition.coalesce?.({ ...data, reason: low }, { ...data, reason: high }).reason).toBe(high);
        expect(definition.coalesce?.({ ...data, reason: high }, { ...data, reason: low }).reason).toBe(high);
      }
    }
  });

  it("retries 3 attempts with 30 s × 2^(attempt-1), capped at 30 min", () => {
    expect(definition.retry.maxAttempts).toBe(3);
    expect([1, 2, 3].map(definition.retry.backoffMs)).toEqual([30_000, 60_000, 120_000]);
    const backoff = exponentialBackoff();
    expect(backoff(7)).toBe(30 * 60_000);
    expect(backoff(20)).toBe(30 * 60_000);
  });
});
