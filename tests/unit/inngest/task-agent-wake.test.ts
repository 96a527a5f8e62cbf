import { InngestTestEngine, mockCtx } from "@inngest/test";
import { describe, expect, it, vi, type Mock } from "vitest";
import { agentDeleted, agentWakeRequested, type AgentWakeRequestedData } from "@/inngest/events";
import { createTaskAgentWakeFunction, FLOW_KEY, TASK_AGENT_WAKE_ID, WAKE_RETRY_DELAY_MS, type TakeReasonFn, type WakeFn } from "@/inngest/functions/task-agent-wake";
import { keyFor, specOf, type TriggerEvent } from "@/inngest/local/function-spec";

// The task-agent wake as an Inngest function, in process (@inngest/test: the real step body runs
// with an injected wake), and its options as both drivers read them: Inngest from `opts`, the local
// executor through specOf (src/inngest/local/function-spec.ts). The flow control itself, on the
// local executor against Postgres, is tests/integration/jobs/task-agent-wake.test.ts.

const data = { workspaceId: "ws_1", agentId: "agent_1", reason: "subscription" as const };
const event = { name: agentWakeRequested.name, data };

function setup(result: Awaited<ReturnType<WakeFn>> | Error, takenReason: AgentWakeRequestedData["reason"] = data.reason) {
  const wake = vi.fn<WakeFn>(async () => {
    if (result instanceof Error) throw result;
    return result;
  });
  const takeReason = vi.fn<TakeReasonFn>(async () => takenReason);
  const fn = createTaskAgentWakeFunction({ wake, takeReason });
  return { wake, takeReason, fn, engine: new InngestTestEngine({ function: fn, events: [event] }) };
}

/** The body the handler gave to step.run("wake") (the engine's spy records it). */
const stepBody = (ctx: { step: { run: unknown } }) => (ctx.step.run as Mock).mock.calls.find((c) => c[0] === "wake")![1] as () => Promise<unknown>;

const trigger = (reason: string, ts: number, agentId = "agent_1"): TriggerEvent => ({ id: `evt-${ts}`, name: agentWakeRequested.name, data: { workspaceId: "ws_1", agentId, reason }, ts });

describe("task-agent-wake options", () => {
  it("is single-flight per agent, throttled and debounced per FLOW_KEY, 3 attempts", () => {
    const { fn } = setup({ runId: null, status: "skipped" });
    expect(fn.opts.id).toBe(TASK_AGENT_WAKE_ID);
    expect(fn.opts.concurrency).toEqual({ key: "event.data.agentId", limit: 1 });
    expect(fn.opts.throttle).toEqual({ key: FLOW_KEY, limit: 1, period: "120s" });
    expect(fn.opts.debounce).toEqual({ key: FLOW_KEY, period: "5s", timeout: "1m" });
    expect(fn.opts.retries).toBe(2);
    expect(fn.opts.triggers).toEqual([agentWakeRequested]);
    expect(fn.opts.cancelOn).toEqual([{ event: agentDeleted, if: "async.data.agentId == event.data.agentId" }]);
    expect(createTaskAgentWakeFunction({ wake: vi.fn<WakeFn>(), id: "other-id" }).opts.id).toBe("other-id");
  });

  it("reads the same way on the local executor: keys, periods and attempts", () => {
    const { fn } = setup({ runId: null, status: "skipped" });
    expect(specOf(fn)).toMatchObject({
      id: TASK_AGENT_WAKE_ID,
      events: [{ name: agentWakeRequested.name }],
      crons: [],
      concurrencyKey: "event.data.agentId",
      throttle: { key: FLOW_KEY, periodMs: 120_000 },
      debounce: { key: FLOW_KEY, periodMs: 5_000, timeoutMs: 60_000 },
      retries: 2,
      cancelOn: [{ name: agentDeleted.name, if: "async.data.agentId == event.data.agentId" }],
    });
  });

  it("FLOW_KEY: one bucket per agent for every reason but manual; each manual event a bucket of its own", () => {
    for (const reason of ["subscription", "creation", "reanalysis", "scheduled"]) expect(keyFor(FLOW_KEY, trigger(reason, 1_000))).toBe("agent_1");
    expect(keyFor(FLOW_KEY, trigger("subscription", 1_000, "agent_2"))).toBe("agent_2");
    const first = keyFor(FLOW_KEY, trigger("manual", 1_000));
    const second = keyFor(FLOW_KEY, trigger("manual", 2_000));
    expect(first).not.toBe("agent_1");
    expect(second).not.toBe(first);
    expect(keyFor(FLOW_KEY, trigger("manual", 1_000, "agent_2"))).not.toBe(first);
    // The single-flight key is the agent whatever the reason: "Run now" never overlaps a wake.
    expect(keyFor("event.data.agentId", trigger("manual", 1_000))).toBe("agent_1");
  });
});

describe("task-agent-wake on Inngest", () => {
  it("runs the wake inside step 'wake' with the event's data", async () => {
    const { wake, engine } = setup({ runId: "run_1", status: "succeeded" });
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: "run_1", status: "succeeded" });
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(data);
    expect(ctx.step.run).toHaveBeenCalledWith("wake", expect.any(Function));
  });

  it("records the burst's most important reason, taken in a memoized step before the wake", async () => {
    const { wake, takeReason, engine } = setup({ runId: "run_1", status: "succeeded" }, "creation");
    const { error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(takeReason).toHaveBeenCalledWith(data);
    expect((ctx.step.run as unknown as Mock).mock.calls.map((c) => c[0])).toEqual(["reason", "wake"]);
    expect(wake).toHaveBeenCalledWith({ ...data, reason: "creation" });
  });

  it("treats a skipped wake as done", async () => {
    const { engine } = setup({ runId: null, status: "skipped" });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: null, status: "skipped" });
  });

  it("fails the step when the wake reports a failure, retrying after 30 s, then 60 s", async () => {
    const { engine } = setup({ runId: "run_2", status: "failed", error: "model timed out" });
    const { result, error, ctx } = await engine.execute();
    expect(result).toBeUndefined();
    expect(error).toMatchObject({ name: "RetryAfterError", message: "model timed out" });
    // The delay is on the thrown error, in seconds: 30 s after the first attempt …
    expect(WAKE_RETRY_DELAY_MS).toBe(30_000);
    await expect(stepBody(ctx)()).rejects.toMatchObject({ retryAfter: "30" });
    // … and 60 s after the second (Inngest's attempt counts from 0).
    const second = await engine.clone({ transformCtx: (raw) => ({ ...mockCtx(raw), attempt: 1 }) }).execute();
    await expect(stepBody(second.ctx)()).rejects.toMatchObject({ retryAfter: "60" });
  });

  it("a failure without a message still fails with a readable one", async () => {
    const { engine } = setup({ runId: "run_3", status: "failed" });
    const { error } = await engine.execute();
    expect(error).toMatchObject({ name: "RetryAfterError", message: "The wake failed." });
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
