import { describe, expect, it } from "vitest";
import { approveProposal, rejectProposal } from "@/features/one-on-one/server/proposals";
import { findUnresumedDecisions, UNRESUMED_AFTER_MS } from "@/features/rituals/server/hourly-check";
import { advanceRitual, beginRitual } from "@/features/rituals/server/ritual";
import { agentWakeRequested, ritualDecided } from "@/inngest/events";
import { deliverOutbox, stageEvent } from "@/inngest/outbox";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { classifier, ritualFixture, scriptedImprover } from "../rituals/jobs-fixture";

// The transactional outbox: an event is written with the change that causes it, so a committed
// decision always reaches its ritual — even when the process dies right after the commit, or the
// driver is down — and a rolled-back change never wakes anyone.

const wakeData = (agentId: string) => ({ workspaceId: "ws", agentId, reason: "subscription" as const });
const jobsFor = (key: string) => db.job.findMany({ where: { key } });
const outboxFor = (field: string, value: string) => db.outboxEvent.findMany({ where: { data: { path: [field], equals: value } } });

async function ritualAwaitingReview() {
  const f = await ritualFixture();
  const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
  expect(await advanceRitual(sessionId!, { improver: scriptedImprover(), classifier })).toEqual({ status: "awaiting_review" });
  const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: sessionId!, status: "pending" } });
  return { f, sessionId: sessionId!, proposal };
}

describe("outbox", () => {
  it("writes an event only with a committed change, delivers it once, and never twice", async () => {
    const committed = `agent-${uid()}`;
    const rolledBack = `agent-${uid()}`;
    await db.$transaction((t) => stageEvent(t, { name: agentWakeRequested.name, data: wakeData(committed) }));
    await expect(
      db.$transaction(async (t) => {
        await stageEvent(t, { name: agentWakeRequested.name, data: wakeData(rolledBack) });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outboxFor("agentId", rolledBack)).toEqual([]);

    await deliverOutbox();
    expect((await jobsFor(committed)).map((j) => j.name)).toEqual(["task-agent-wake"]);
    expect(await outboxFor("agentId", committed)).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 1 })]);
    await deliverOutbox();
    expect(await jobsFor(committed)).toHaveLength(1);
  });

  it("keeps an event it could not deliver, records why, and delivers it after the backoff", async () => {
    const agentId = `agent-${uid()}`;
    // Due an hour from now, so only this test's relay (its clock an hour ahead) sees it, not the
    // relays other test files run meanwhile. Written by an older version of the code, say: its
    // payload does not pass today's schema.
    const hourAhead = () => new Date(Date.now() + 3_600_000);
    const row = await db.outboxEvent.create({ data: { name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason: "bored" }, availableAt: hourAhead() } });
    const result = await deliverOutbox({ now: hourAhead }); // never throws
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const failed = await db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining("reason") });
    expect(failed.availableAt.getTime()).toBeGreaterThan(hourAhead().getTime());

    await db.outboxEvent.update({ where: { id: row.id }, data: { data: wakeData(agentId) } });
    await deliverOutbox({ now: hourAhead }); // not yet: the backoff holds it
    expect(await jobsFor(agentId)).toEqual([]);
    await deliverOutbox({ now: () => new Date(hourAhead().getTime() + 60_000) });
    expect(await jobsFor(agentId)).toHaveLength(1);
    expect(await db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ sentAt: expect.any(Date), attempts: 2, lastError: null });
  });

  it("an approval committed just before the process died still resumes its ritual", async () => {
    const { f, sessionId, proposal } = await ritualAwaitingReview();
    // The service commits the decision with its event; the action's delivery never runs (the crash).
    await approveProposal({ scope: f.scope, proposalId: proposal.id, rating: 0.8, finish: true });
    const staged = await outboxFor("sessionId", sessionId);
    expect(staged).toEqual([expect.objectContaining({ name: ritualDecided.name, data: expect.objectContaining({ decision: "approved", improverAgentId: f.improver.id }) })]);

    await deliverOutbox(); // the relay, after the restart (or another process's relay already did)
    expect((await jobsFor(f.improver.id)).filter((j) => j.name === "ritual-decision")).toHaveLength(1);
  });

  it("a rejection resumes the ritual, unless the person keeps talking in the chat first", async () => {
    const first = await ritualAwaitingReview();
    await rejectProposal({ scope: first.f.scope, proposalId: first.proposal.id, reason: "Too vague", resumeRitual: false });
    expect(await outboxFor("sessionId", first.sessionId)).toEqual([]);

    const second = await ritualAwaitingReview();
    await rejectProposal({ scope: second.f.scope, proposalId: second.proposal.id, reason: "Too vague" });
    expect(await outboxFor("sessionId", second.sessionId)).toEqual([expect.objectContaining({ data: expect.objectContaining({ decision: "rejected" }) })]);
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
    expect(await mine(later)).toEqual([{ workspaceId: f.workspace.id, sessionId, improverAgentId: f.improver.id, decision: "approved" }]);

    // Once the ritual finalized it (the post-ritual report), there is nothing left to resume.
    await advanceRitual(sessionId, { improver: scriptedImprover(), classifier });
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ summaryReportId: expect.any(String) });
    expect(await mine(later)).toEqual([]);
  });
});
