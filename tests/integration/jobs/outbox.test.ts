import { describe, expect, it, vi } from "vitest";
import { approveProposal, rejectProposal } from "@/features/one-on-one/server";
import { findUnresumedDecisions, UNRESUMED_AFTER_MS } from "@/features/rituals/server/hourly-check";
import { advanceRitual, beginRitual } from "@/features/rituals/server";
import { inngest } from "@/inngest/client";
import { agentWakeRequested, ritualDecided, ritualWakeRequested } from "@/inngest/events";
import { createImproverRitualFunction } from "@/inngest/functions/improver-ritual";
import { setLocalDispatcher } from "@/inngest/local/dispatcher";
import { deliverOutbox, stageEvent } from "@/inngest/outbox";
import { env } from "@/env";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { classifier, ritualFixture, scriptedImprover } from "../rituals/jobs-fixture";
import { executorsForThisFile, testId } from "./harness";

// The transactional outbox: an event is written with the change that causes it, so a committed
// decision always reaches its ritual — even when the process dies right after the commit, or the
// executor is not there — and a rolled-back change never wakes anyone. Without an Inngest server,
// delivery hands the event to this process's local executor (setLocalDispatcher), which turns it
// into FunctionRun rows. Every delivery here names its rows (`ids`): the database is shared with
// test files running meanwhile, whose events must not reach this file's executor.

const wakeData = (agentId: string) => ({ workspaceId: "ws", agentId, reason: "subscription" as const });
const outboxFor = (field: string, value: string) => db.outboxEvent.findMany({ where: { data: { path: [field], equals: value } } });
const runsFor = (functionId: string, agentId: string) => db.functionRun.findMany({ where: { functionId, event: { path: ["data", "agentId"], equals: agentId } } });

/** A function of this file on the wake event: no debounce, so one run per delivered event. */
const wakeRecorder = () => inngest.createFunction({ id: testId("outbox-wake"), triggers: [agentWakeRequested] }, async ({ event }) => event.data.reason);

async function ritualAwaitingReview() {
  const f = await ritualFixture();
  const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
  expect(await advanceRitual(sessionId!, { improver: scriptedImprover(), classifier })).toEqual({ status: "awaiting_review" });
  const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: sessionId!, status: "pending" } });
  return { f, sessionId: sessionId!, proposal };
}

describe("outbox", () => {
  const newExecutor = executorsForThisFile();

  it("writes an event only with a committed change and delivers it to the executor once", async () => {
    const fn = wakeRecorder();
    await newExecutor({ functions: [fn], work: false });
    const committed = `agent-${uid()}`;
    const rolledBack = `agent-${uid()}`;
    const id = await db.$transaction((t) => stageEvent(t, { name: agentWakeRequested.name, data: wakeData(committed) }));
    await expect(
      db.$transaction(async (t) => {
        await stageEvent(t, { name: agentWakeRequested.name, data: wakeData(rolledBack) });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outboxFor("agentId", rolledBack)).toEqual([]);

    expect(await deliverOutbox({ ids: [id] })).toEqual({ sent: 1, failed: 0 });
    expect(await runsFor(fn.opts.id, committed)).toEqual([expect.objectContaining({ status: "queued", event: expect.objectContaining({ id, name: agentWakeRequested.name, data: wakeData(committed) }) })]);
    expect(await outboxFor("agentId", committed)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 1, lastError: null })]);
    expect(await deliverOutbox({ ids: [id] })).toEqual({ sent: 0, failed: 0 });
    expect(await runsFor(fn.opts.id, committed)).toHaveLength(1);
  });

  it("a relay that died between delivering and marking the event sent delivers it again: still one run", async () => {
    const fn = wakeRecorder();
    await newExecutor({ functions: [fn], work: false });
    const agentId = `agent-${uid()}`;
    const id = await db.$transaction((t) => stageEvent(t, { name: agentWakeRequested.name, data: wakeData(agentId) }));
    await deliverOutbox({ ids: [id] });
    await db.outboxEvent.update({ where: { id }, data: { sentAt: null } }); // the mark never committed
    expect(await deliverOutbox({ ids: [id] })).toEqual({ sent: 1, failed: 0 });
    expect(await runsFor(fn.opts.id, agentId)).toHaveLength(1); // the row id is the event id
    expect(await db.outboxEvent.findUniqueOrThrow({ where: { id } })).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it("a burst of deliveries larger than the pool delivers everything: no delivery holds a connection while the executor needs one", async () => {
    // The local executor writes its FunctionRun rows through the app's pool. Delivering inside the
    // transaction that claimed the rows kept one connection per relay while dispatch asked for
    // another: pool + 5 relays at once held all 10 and waited on each other until the transactions expired.
    const fn = wakeRecorder();
    await newExecutor({ functions: [fn], work: false });
    const agents = Array.from({ length: env.DATABASE_POOL_MAX + 5 }, () => `agent-${uid()}`);
    const ids = await Promise.all(agents.map((agentId) => db.$transaction((t) => stageEvent(t, { name: agentWakeRequested.name, data: wakeData(agentId) }))));
    const results = await Promise.all(ids.map((id) => deliverOutbox({ ids: [id] })));
    expect(results).toEqual(ids.map(() => ({ sent: 1, failed: 0 })));
    for (const agentId of agents) expect(await runsFor(fn.opts.id, agentId)).toHaveLength(1);
  }, 120_000);

  it("keeps an event it could not deliver, records why, and delivers it after the backoff", async () => {
    const fn = wakeRecorder();
    await newExecutor({ functions: [fn], work: false });
    const agentId = `agent-${uid()}`;
    // Due an hour from now, so only this test's relay (its clock an hour ahead) sees it, not the
    // relays other test files run meanwhile. Written by an older version of the code, say: its
    // payload does not pass today's schema.
    const hourAhead = () => new Date(Date.now() + 3_600_000);
    const row = await db.outboxEvent.create({ data: { name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason: "bored" }, availableAt: hourAhead() } });
    expect(await deliverOutbox({ ids: [row.id], now: hourAhead })).toEqual({ sent: 0, failed: 1 }); // never throws
    const failed = await db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining("reason") });
    expect(failed.availableAt.getTime()).toBeGreaterThan(hourAhead().getTime());

    await db.outboxEvent.update({ where: { id: row.id }, data: { data: wakeData(agentId) } });
    await deliverOutbox({ ids: [row.id], now: hourAhead }); // not yet: the backoff holds it
    expect(await runsFor(fn.opts.id, agentId)).toEqual([]);
    await deliverOutbox({ ids: [row.id], now: () => new Date(hourAhead().getTime() + 60_000) });
    expect(await runsFor(fn.opts.id, agentId)).toHaveLength(1);
    expect(await db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ sentAt: expect.any(Date), attempts: 2, lastError: null });
  });

  it("with no executor in the process the event waits in the outbox until one is there", async () => {
    setLocalDispatcher(undefined);
    const agentId = `agent-${uid()}`;
    const hourAhead = () => new Date(Date.now() + 3_600_000);
    const row = await db.outboxEvent.create({ data: { name: agentWakeRequested.name, data: wakeData(agentId), availableAt: hourAhead() } });
    expect(await deliverOutbox({ ids: [row.id], now: hourAhead })).toEqual({ sent: 0, failed: 1 });
    expect(await db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ sentAt: null, lastError: expect.stringContaining("not running") });

    const fn = wakeRecorder();
    await newExecutor({ functions: [fn], work: false });
    await deliverOutbox({ ids: [row.id], now: () => new Date(hourAhead().getTime() + 60_000) });
    expect(await runsFor(fn.opts.id, agentId)).toHaveLength(1);
  });

  it("an approval committed just before the process died still resumes its waiting ritual", async () => {
    const f = await ritualFixture();
    const notify = vi.fn(async () => undefined);
    const fn = createImproverRitualFunction({ id: testId("outbox-ritual"), models: { improver: scriptedImprover(), classifier }, notify });
    const executor = await newExecutor({ functions: [fn], work: false });
    await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual" } }]);
    await executor.drain();
    const ritualRun = async () => (await db.functionRun.findMany({ where: { functionId: fn.opts.id } }))[0];
    expect(await ritualRun()).toMatchObject({ status: "waiting", waitEvent: ritualDecided.name });
    const session = await db.evolutionSession.findFirstOrThrow({ where: { improverAgentId: f.improver.id, origin: "ritual" } });
    expect(session.status).toBe("awaiting_review");
    const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: session.id, status: "pending" } });

    // The service commits the decision with its event; the action's delivery never runs (the crash).
    await approveProposal({ scope: f.scope, proposalId: proposal.id, rating: 0.8, finish: true });
    const staged = await outboxFor("sessionId", session.id);
    expect(staged).toEqual([expect.objectContaining({ name: ritualDecided.name, sentAt: null, data: expect.objectContaining({ decision: "approved", improverAgentId: f.improver.id }) })]);
    await executor.drain();
    expect(await ritualRun()).toMatchObject({ status: "waiting" });

    // The relay, after the restart: minutes later, past any backoff a failed delivery may have set.
    await deliverOutbox({ ids: staged.map((e) => e.id), now: () => new Date(Date.now() + 10 * 60_000) });
    expect(await ritualRun()).toMatchObject({ status: "queued", waitEvent: null });
    await executor.drain();
    expect(await ritualRun()).toMatchObject({ status: "completed", output: { sessionId: session.id, started: true, status: "completed" } });
    // The post-ritual update was made: nothing is left for the hourly check to resume.
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({ status: "completed", summaryReportId: expect.any(String) });
  });

  it("a rejection resumes the ritual, unless the person keeps talking in the chat first", async () => {
    const first = await ritualAwaitingReview();
    await rejectProposal({ scope: first.f.scope, proposalId: first.proposal.id, reason: "Too vague", resumeRitual: false });
    expect(await outboxFor("sessionId", first.sessionId)).toEqual([]);

    const second = await ritualAwaitingReview();
    await rejectProposal({ scope: second.f.scope, proposalId: second.proposal.id, reason: "Too vague" });
    expect(await outboxFor("sessionId", second.sessionId)).toEqual([expect.objectContaining({ name: ritualDecided.name, data: expect.objectContaining({ decision: "rejected" }) })]);
  });
});

describe("the sweep for decisions no ritual acted on", () => {
  it("finds a decided ritual left without its post-ritual update once it is old enough, and only that", async () => {
    const { f, sessionId, proposal } = await ritualAwaitingReview();
    await approveProposal({ scope: f.scope, proposalId: proposal.id, rating: 0.8, finish: true });
    const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({ status: "completed", summaryReportId: null });

    const mine = async (now: Date) => (await findUnresumedDecisions(now)).filter((d) => d.sessionId === sessionId);
    expect(await mine(new Date())).toEqual([]); // its event may still be on its way
    const later = new Date(session.completedAt!.getTime() + UNRESUMED_AFTER_MS + 1_000);
    expect(await mine(later)).toEqual([{ workspaceId: f.workspace.id, sessionId, improverAgentId: f.improver.id, templateId: f.template.id, decision: "approved" }]);

    // Once the ritual finalized it (the post-ritual report), there is nothing left to resume.
    await advanceRitual(sessionId, { improver: scriptedImprover(), classifier });
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ summaryReportId: expect.any(String) });
    expect(await mine(later)).toEqual([]);
  });
});
