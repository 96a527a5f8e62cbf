import { describe, expect, it } from "vitest";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { agentWakeRequested, type AgentWakeRequestedData } from "@/inngest/events";
import { createTaskAgentWakeFunction, type WakeFn } from "@/inngest/functions/task-agent-wake";
import { editTask } from "@/features/tasks/server/edit-task";
import { requestAgentWake, sendEvent } from "@/inngest/send";
import { AppError } from "@/server/errors";
import { db } from "@/server/db";
import { makeAgent, makeRunRow, makeTask, makeTemplate, makeWorkspace, uid, type AgentRef } from "../../factories";
import { executorsForThisFile, gate, testClock, testId, until } from "./harness";

// The task-agent wake on the local executor, with its production options (single-flight per agent,
// debounce 5 s and throttle 120 s per agent, manual runs in a bucket of their own, 3 attempts) and
// an injected wake. A fake clock and `drain()` (work: false) drive it: no timing.

type Reason = AgentWakeRequestedData["reason"];
const wakeEvent = (agentId: string, reason: Reason) => ({ name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason } });
const runsOf = (functionId: string, agentId?: string) =>
  db.functionRun.findMany({ where: { functionId, ...(agentId ? { event: { path: ["data", "agentId"], equals: agentId } } : {}) }, orderBy: { createdAt: "asc" } });

/** A wake that records its calls (agent, reason, the executor's clock), answering `result`. */
function recordingWake(now: () => Date, result: (call: number) => Awaited<ReturnType<WakeFn>> = () => ({ runId: null, status: "succeeded" })) {
  const calls: { agentId: string; reason: Reason; at: number }[] = [];
  const wake: WakeFn = async (input) => {
    calls.push({ agentId: input.agentId, reason: input.reason, at: now().getTime() });
    return result(calls.length);
  };
  return { wake, calls, reasonsOf: (agentId: string) => calls.filter((c) => c.agentId === agentId).map((c) => c.reason) };
}

describe("task-agent-wake on the local executor", () => {
  const newExecutor = executorsForThisFile();

  async function setup(result?: (call: number) => Awaited<ReturnType<WakeFn>>) {
    const clock = testClock();
    const recorded = recordingWake(clock.now, result);
    const id = testId("wake");
    const executor = await newExecutor({ functions: [createTaskAgentWakeFunction({ wake: recorded.wake, id })], now: clock.now, work: false });
    return { clock, id, executor, ...recorded };
  }

  it("requestAgentWake goes through the outbox to the executor; the wake runs with the event's data", async () => {
    const { clock, id, executor, calls } = await setup();
    const agentId = `agent-${uid()}`;
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "creation" });
    expect(await runsOf(id, agentId)).toEqual([expect.objectContaining({ status: "debouncing", availableAt: new Date(clock.start + 5_000) })]);
    const [outbox] = await db.outboxEvent.findMany({ where: { data: { path: ["agentId"], equals: agentId } } });
    expect(outbox).toMatchObject({ name: agentWakeRequested.name, sentAt: expect.any(Date) });

    clock.advance(5_000);
    await executor.drain();
    expect(calls).toEqual([{ agentId, reason: "creation", at: clock.start + 5_000 }]);
    expect(await runsOf(id, agentId)).toEqual([expect.objectContaining({ status: "completed", output: { runId: null, status: "succeeded" } })]);
  });

  it("refuses an invalid payload with an internal error and queues nothing", async () => {
    const { id } = await setup();
    const agentId = `agent-${uid()}`;
    // @ts-expect-error -- the type forbids it; a caller bypassing types still gets a clean error
    const sent = sendEvent({ name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason: "bored" } });
    await expect(sent).rejects.toBeInstanceOf(AppError);
    await expect(sent).rejects.toMatchObject({ code: "INTERNAL" });
    expect(await db.outboxEvent.count({ where: { data: { path: ["agentId"], equals: agentId } } })).toBe(0);
    expect(await runsOf(id, agentId)).toEqual([]);
  });

  it("coalesces a burst of triggers into one wake with the last event when the agent has no state row to keep the burst's reason; other agents wake on their own", async () => {
    const { clock, id, executor, calls, reasonsOf } = await setup();
    const [agent, other] = [`agent-${uid()}`, `agent-${uid()}`];
    await executor.dispatch([wakeEvent(agent, "subscription"), wakeEvent(other, "creation")]);
    clock.advance(2_000);
    await executor.dispatch([wakeEvent(agent, "creation")]);
    clock.advance(2_000);
    await executor.dispatch([wakeEvent(agent, "scheduled")]);

    clock.advance(1_000); // 5 s after the first trigger, 1 s after the last
    await executor.drain();
    expect(reasonsOf(other)).toEqual(["creation"]);
    expect(reasonsOf(agent)).toEqual([]);
    clock.set(clock.start + 4_000 + 5_000); // 5 s after the last
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["scheduled"]);
    expect(calls).toHaveLength(2);
    expect(await runsOf(id, agent)).toEqual([expect.objectContaining({ status: "completed" })]);
  });

  it("a task created and edited within the debounce is one wake that records 'creation', the burst's most important reason; the next burst starts afresh", async () => {
    const { clock, executor, reasonsOf } = await setup();
    const { scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Burst ${uid()}`, directives: "Help people finish their tasks." });
    const { task, agent } = await makeTask(scope, { title: "Plan the offsite", templateId: template.id, wakeAgent: true });
    clock.advance(2_000);
    await editTask({ scope, taskId: task.id, patch: { description: "Two days, twelve people." } });
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: agent!.id } })).toMatchObject({ pendingWakeReason: "creation" });
    clock.advance(5_000);
    await executor.drain();
    // Debounce handed the run the last event (subscription); the run recorded the burst's creation.
    expect(reasonsOf(agent!.id)).toEqual(["creation"]);
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: agent!.id } })).toMatchObject({ pendingWakeReason: null });

    clock.advance(300_000); // past the throttle: a later edit is a burst of its own
    await editTask({ scope, taskId: task.id, patch: { title: "Plan the spring offsite" } });
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent!.id)).toEqual(["creation", "subscription"]);
  });

  it("a manual run never takes the pending burst's reason, and leaves it to the burst's own run", async () => {
    const { clock, executor, reasonsOf } = await setup();
    const { scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Manual ${uid()}`, directives: "Help people finish their tasks." });
    const { agent } = await makeTask(scope, { title: "Renew the domain", templateId: template.id, wakeAgent: true });
    await requestAgentWake({ workspaceId: scope.workspaceId, agentId: agent!.id, reason: "manual" });
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent!.id).sort()).toEqual(["creation", "manual"]);
  });

  it("throttles an agent to one wake per 120 s: a later trigger is queued for its slot, not dropped", async () => {
    const { clock, id, executor, reasonsOf } = await setup();
    const agent = `agent-${uid()}`;
    await executor.dispatch([wakeEvent(agent, "creation")]);
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation"]); // started at +5 s

    clock.advance(30_000);
    await executor.dispatch([wakeEvent(agent, "subscription")]);
    clock.advance(5_000);
    await executor.drain();
    const pending = (await runsOf(id, agent)).find((r) => r.status === "queued");
    expect(pending?.availableAt).toEqual(new Date(clock.start + 5_000 + 120_000));

    clock.set(clock.start + 5_000 + 120_000 - 1);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation"]);
    clock.advance(1);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation", "subscription"]);
  });

  it('"Run now" skips the agent\'s throttle and pending burst: it runs at the end of its own debounce, the queued trigger still waits', async () => {
    const { clock, id, executor, calls, reasonsOf } = await setup();
    const agent = `agent-${uid()}`;
    await executor.dispatch([wakeEvent(agent, "creation")]);
    clock.advance(5_000);
    await executor.drain(); // the agent's slot is taken until +125 s

    clock.advance(10_000);
    await executor.dispatch([wakeEvent(agent, "subscription"), wakeEvent(agent, "manual")]);
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation", "manual"]);
    expect(calls.at(-1)?.at).toBe(clock.start + 20_000);

    // A second click is a run of its own too.
    await executor.dispatch([wakeEvent(agent, "manual")]);
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation", "manual", "manual"]);

    const queued = (await runsOf(id, agent)).filter((r) => r.status === "queued");
    expect(queued).toEqual([expect.objectContaining({ availableAt: new Date(clock.start + 125_000) })]);
    clock.set(clock.start + 125_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["creation", "manual", "manual", "subscription"]);
  });

  it('single-flight per agent, "Run now" included: it waits for the running wake; other agents do not', async () => {
    const clock = testClock();
    const hold = gate();
    const log: string[] = [];
    const wake: WakeFn = async ({ agentId, reason }) => {
      log.push(`start ${agentId} ${reason}`);
      if (reason === "creation") await hold.opened;
      log.push(`end ${agentId} ${reason}`);
      return { runId: null, status: "succeeded" };
    };
    const id = testId("wake-single");
    const executor = await newExecutor({ functions: [createTaskAgentWakeFunction({ wake, id })], now: clock.now, work: false });
    const [agent, other] = [`agent-${uid()}`, `agent-${uid()}`];

    await executor.dispatch([wakeEvent(agent, "creation")]);
    clock.advance(5_000);
    const first = executor.drain(); // holds the agent's wake open
    await until(() => log.includes(`start ${agent} creation`));

    await executor.dispatch([wakeEvent(agent, "manual"), wakeEvent(other, "subscription")]);
    clock.advance(5_000);
    await executor.drain();
    expect(log).toEqual([`start ${agent} creation`, `start ${other} subscription`, `end ${other} subscription`]);
    expect((await runsOf(id, agent)).map((r) => r.status)).toEqual(["running", "queued"]);

    hold.open();
    await first; // the same drain goes on with the manual run once the first one is done
    expect(log.filter((l) => l.includes(agent))).toEqual([`start ${agent} creation`, `end ${agent} creation`, `start ${agent} manual`, `end ${agent} manual`]);
    expect((await runsOf(id, agent)).map((r) => r.status)).toEqual(["completed", "completed"]);
  });

  it("does not retry a wake that failed for a reason another attempt cannot fix (a refused key)", async () => {
    const { clock, id, executor, reasonsOf } = await setup(() => ({ runId: "r", status: "failed", error: "OpenAI refused the credentials (HTTP 401)", retryable: false }));
    const agent = `agent-${uid()}`;
    await executor.dispatch([wakeEvent(agent, "manual")]);
    clock.advance(5_000);
    await executor.drain();
    expect((await runsOf(id, agent))[0]).toMatchObject({ status: "failed", error: expect.stringContaining("refused the credentials"), finishedAt: expect.any(Date) });
    clock.advance(3_600_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["manual"]);
  });

  it("retries a failed wake after 30 s, then 60 s, and fails the run after the third attempt", async () => {
    const { clock, id, executor, reasonsOf } = await setup(() => ({ runId: "r", status: "failed", error: "model down" }));
    const agent = `agent-${uid()}`;
    await executor.dispatch([wakeEvent(agent, "manual")]);
    clock.advance(5_000);
    await executor.drain();
    expect(reasonsOf(agent)).toHaveLength(1);
    expect((await runsOf(id, agent))[0]).toMatchObject({ status: "queued", attempt: 1, error: "model down", availableAt: new Date(clock.start + 35_000) });

    clock.set(clock.start + 35_000 - 1);
    await executor.drain();
    expect(reasonsOf(agent)).toHaveLength(1);
    clock.advance(1);
    await executor.drain();
    expect(reasonsOf(agent)).toHaveLength(2);
    expect((await runsOf(id, agent))[0]).toMatchObject({ status: "queued", attempt: 2, availableAt: new Date(clock.start + 95_000) });

    clock.set(clock.start + 95_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["manual", "manual", "manual"]);
    expect((await runsOf(id, agent))[0]).toMatchObject({ status: "failed", error: expect.stringContaining("model down"), finishedAt: expect.any(Date) });
    clock.advance(3_600_000);
    await executor.drain();
    expect(reasonsOf(agent)).toHaveLength(3);
  });

  it("a wake that fails once and then succeeds completes the run", async () => {
    const { clock, id, executor, reasonsOf } = await setup((call) => (call === 1 ? { runId: "r1", status: "failed", error: "model down" } : { runId: "r2", status: "succeeded" }));
    const agent = `agent-${uid()}`;
    await executor.dispatch([wakeEvent(agent, "subscription")]);
    clock.advance(5_000);
    await executor.drain();
    clock.advance(30_000);
    await executor.drain();
    expect(reasonsOf(agent)).toEqual(["subscription", "subscription"]);
    expect((await runsOf(id, agent))[0]).toMatchObject({ status: "completed", error: null, output: { runId: "r2", status: "succeeded" } });
  });

  it("the real wake closes the agent's run a dead process left running, and only that agent's", async () => {
    const { workspace, scope } = await makeWorkspace();
    const template = await makeTemplate(scope, { name: `Wake ${uid()}`, directives: "Help people finish their tasks." });
    const { agent } = await makeTask(scope, { title: "Prepare the board report", description: "Collect the numbers, draft the summary.", templateId: template.id });
    const other = await makeAgent(scope, template.id, { displayName: "Other" });
    const run = (of: AgentRef, status: "running" | "succeeded") =>
      makeRunRow(of, { templateVersionId: template.headVersionId!, reason: "subscription", status, startedAt: new Date(Date.now() - 60_000), phase: status === "running" ? "executing" : null });
    const orphan = await run(agent!, "running");
    const finished = await run(agent!, "succeeded");
    const othersRunning = await run(other, "running");

    const clock = testClock();
    const id = testId("wake-real");
    const executor = await newExecutor({ functions: [createTaskAgentWakeFunction({ wake: runTaskAgentWake, id })], now: clock.now, work: false });
    await executor.dispatch([wakeEvent(agent!.id, "manual")].map((e) => ({ ...e, data: { ...e.data, workspaceId: workspace.id } })));
    clock.advance(5_000);
    await executor.drain();

    const [done] = await runsOf(id, agent!.id);
    expect(done).toMatchObject({ status: "completed", output: { status: "succeeded", runId: expect.any(String) } });
    const byId = (runId: string) => db.wakeRun.findUniqueOrThrow({ where: { id: runId } });
    expect(await byId(orphan.id)).toMatchObject({ status: "failed", error: "Interrupted by a restart", phase: null, finishedAt: expect.any(Date) });
    expect(await byId(finished.id)).toMatchObject({ status: "succeeded", error: null });
    expect(await byId(othersRunning.id)).toMatchObject({ status: "running" });
    expect(await byId((done!.output as { runId: string }).runId)).toMatchObject({ status: "succeeded", reason: "manual" });
  });
});
