import { describe, expect, it } from "vitest";
import { createAgent } from "@/features/agents/server/create-agent";
import { getImproverOf } from "@/features/rituals/server/improvers";
import { createTemplate } from "@/features/templates/server/create-template";
import { createEmbeddedRunner } from "@/inngest/local/embedded-runner";
import { createTaskAgentWakeFunction, TASK_AGENT_WAKE_ID, WAKE_THROTTLE_MS, type WakeFn } from "@/inngest/functions/task-agent-wake";
import { requestAgentWake, sendEvent } from "@/inngest/send";
import { AppError } from "@/server/errors";
import { db } from "@/server/db";
import { createWorkspace, uid } from "../../factories";

describe("requestAgentWake (no Inngest configured: the embedded queue)", () => {
  it("queues one job per agent, coalescing triggers and keeping the most important reason", async () => {
    const agentId = `agent-${uid()}`;
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "subscription" });
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "creation" });
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "scheduled" });
    const jobs = await db.job.findMany({ where: { name: TASK_AGENT_WAKE_ID, key: agentId } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "pending", maxAttempts: 3, payload: { workspaceId: "ws", agentId, reason: "creation" } });
  });

  it("waits 120 s after the agent's last wake started, unless the run is manual", async () => {
    const agentId = `agent-${uid()}`;
    const lastStart = new Date(Date.now() - 30_000);
    await db.job.create({ data: { name: TASK_AGENT_WAKE_ID, key: agentId, status: "succeeded", startedAt: lastStart, finishedAt: lastStart } });
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "subscription" });
    const pending = await db.job.findFirstOrThrow({ where: { name: TASK_AGENT_WAKE_ID, key: agentId, status: "pending" } });
    expect(pending.runAt).toEqual(new Date(lastStart.getTime() + WAKE_THROTTLE_MS));

    const before = Date.now();
    await requestAgentWake({ workspaceId: "ws", agentId, reason: "manual" });
    const manual = await db.job.findUniqueOrThrow({ where: { id: pending.id } });
    expect(manual.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(manual.runAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(manual.payload).toMatchObject({ reason: "manual" });
  });

  it("refuses an invalid payload with an internal error and queues nothing", async () => {
    const agentId = `agent-${uid()}`;
    // @ts-expect-error -- the type forbids it; a caller bypassing types still gets a clean error
    const sent = sendEvent({ name: "agent/wake.requested", data: { workspaceId: "ws", agentId, reason: "bored" } });
    await expect(sent).rejects.toBeInstanceOf(AppError);
    await expect(sent).rejects.toMatchObject({ code: "INTERNAL" });
    expect(await db.job.count({ where: { key: agentId } })).toBe(0);
  });
});

describe("task-agent-wake on the embedded runner", () => {
  it("runs the wake with the payload and retries a failed wake", async () => {
    const calls: string[] = [];
    const wake: WakeFn = async (input) => {
      calls.push(input.reason);
      return calls.length === 1 ? { runId: "r1", status: "failed", error: "model down" } : { runId: "r2", status: "succeeded" };
    };
    const definition = { ...createTaskAgentWakeFunction({ wake }), id: `task-agent-wake-test-${uid()}`, retry: { maxAttempts: 3, backoffMs: () => 0 } };
    const runner = createEmbeddedRunner({ functions: [definition], pollMs: 10 });
    const agentId = `agent-${uid()}`;
    const [{ id }] = await runner.enqueueEvent({ name: "agent/wake.requested", data: { workspaceId: "ws", agentId, reason: "manual" } });
    await runner.start();
    try {
      const deadline = Date.now() + 3_000;
      while ((await db.job.findUniqueOrThrow({ where: { id } })).status !== "succeeded" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await runner.stop();
    }
    expect(calls).toEqual(["manual", "manual"]);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("closes runs a restart interrupted, and only those", async () => {
    const { workspace, owner } = await createWorkspace();
    const scope = { workspaceId: workspace.id, actorUserId: owner.id };
    const template = await createTemplate({ scope, name: `Wake ${uid()}`, directives: "Help with the task." });
    const [idle, busy, fresh] = await Promise.all(["idle", "busy", "fresh"].map((n) => createAgent({ scope, templateId: template.id, displayName: n })));
    // The template's improver (created with it) runs on the workspace's level-1 template.
    const improver = (await getImproverOf(workspace.id, template.id))!;
    const improverTemplate = await db.agentTemplate.findUniqueOrThrow({ where: { id: improver.templateId } });

    // Far in the past, so no other test's runs fall before this boot time.
    const bootedAt = new Date(Date.UTC(2001, 0, 1));
    const before = new Date(Date.UTC(2000, 11, 31));
    const run = (agent: { id: string; templateId: string }, versionId: string, startedAt: Date, status: "running" | "succeeded" = "running") =>
      db.wakeRun.create({ data: { workspaceId: workspace.id, agentId: agent.id, templateId: agent.templateId, templateVersionId: versionId, reason: "subscription", status, startedAt, phase: status === "running" ? "executing" : null } });
    const orphan = await run(idle, template.headVersionId, before);
    const stillRunning = await run(busy, template.headVersionId, before);
    const startedAfterBoot = await run(fresh, template.headVersionId, new Date());
    const finished = await run(idle, template.headVersionId, before, "succeeded");
    const improverRun = await run(improver, improverTemplate.headVersionId!, before);

    const definition = createTaskAgentWakeFunction({ wake: async () => ({ runId: null, status: "skipped" }) });
    await definition.onRecover!({ runningKeys: [busy.id], bootedAt });

    const byId = async (id: string) => db.wakeRun.findUniqueOrThrow({ where: { id } });
    expect(await byId(orphan.id)).toMatchObject({ status: "failed", error: "Interrupted by a restart", phase: null, finishedAt: expect.any(Date) });
    expect(await byId(stillRunning.id)).toMatchObject({ status: "running" });
    expect(await byId(startedAfterBoot.id)).toMatchObject({ status: "running" });
    expect(await byId(finished.id)).toMatchObject({ status: "succeeded", error: null });
    expect(await byId(improverRun.id)).toMatchObject({ status: "running" });
  });
});
