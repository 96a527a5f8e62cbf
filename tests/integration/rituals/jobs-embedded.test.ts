import { describe, expect, it, vi } from "vitest";
import { approveProposal, rejectProposal } from "@/features/one-on-one/server/proposals";
import { notifyRitual } from "@/features/rituals/server/notify-ritual";
import { advanceRitual, analyzeRitual, beginRitual, prepareRitual, type Notifier } from "@/features/rituals/server/ritual";
import type { PeriodicTask } from "@/inngest/local/embedded-runner";
import { ritualDecided } from "@/inngest/events";
import { createImproverRitualFunction } from "@/inngest/functions/improver-ritual";
import { createRitualDecisionFunction } from "@/inngest/functions/ritual-decision";
import { createRitualHourlyCheckTask } from "@/inngest/functions/ritual-hourly-check";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { runnersForThisFile, sleep, testClock, until } from "../jobs/helpers";
import { classifier, ritualCounts, ritualFixture, scriptedImprover, turnsOf, type RitualFixture } from "./jobs-fixture";

// The ritual on the embedded runner against Postgres: the hourly check (a periodic task of the
// runner), the improver-ritual and ritual-decision jobs, restarts and races.
//
// The hourly check reads every workspace of the (shared) test database, so this file lives in an
// era of its own: its clock reads 1 January 1990, its improvers are due in the 1980s, and its
// runners only claim jobs of function ids unique to this file. Improvers the check creates for
// other tests' templates are due on 8 January 1990; no test here moves the clock that far.

const START = Date.UTC(1990, 0, 1, 10, 0, 0); // a Monday, after the default 09:00 ritual hour
const DAY = 24 * 3_600_000;
const runner = runnersForThisFile();

/** Ritual functions of ids unique to the test, a runner and its hourly check (by default: driven by hand). */
function embedded(options: { improver?: ReturnType<typeof scriptedImprover>; checkEveryMs?: number; processId?: string } = {}) {
  const clock = testClock(START);
  const improver = options.improver ?? scriptedImprover();
  const notify = vi.fn<Notifier>((input) => notifyRitual(input));
  const deps = { models: { improver, classifier }, notify, now: clock.now };
  /** The same, in advanceRitual's shape (what the jobs pass it). */
  const advance = { improver, classifier, notify, now: clock.now };
  const suffix = uid();
  const ritual = { ...createImproverRitualFunction(deps), id: `improver-ritual-${suffix}` };
  const decision = { ...createRitualDecisionFunction(deps), id: `ritual-decision-${suffix}` };
  const check = options.checkEveryMs
    ? createRitualHourlyCheckTask({ everyMs: options.checkEveryMs, firstAfterMs: 10, now: clock.now, createImprovers: false })
    : createRitualHourlyCheckTask({ now: clock.now, createImprovers: false }); // first run 15 s after start: after the test

  const make = (processId?: string) => runner({ functions: [ritual, decision], periodic: [check], now: clock.now, processId });
  return { clock, improver, notify, deps, advance, ritual, decision, check, runner: make(options.processId), make };
}

const jobsOf = (name: string, key: string) => db.job.findMany({ where: { name, key }, orderBy: { createdAt: "asc" } });
const ritualSession = (f: RitualFixture) => db.evolutionSession.findFirstOrThrow({ where: { templateId: f.template.id, origin: "ritual" }, orderBy: { sessionNumber: "desc" } });
const settled = async (name: string, key: string) => (await jobsOf(name, key)).every((j) => j.status === "succeeded" || j.status === "failed");

describe("the hourly check on the embedded runner", () => {
  it("queues a ritual for the due improvers only (not one due later, not a dormant one)", async () => {
    const e = embedded();
    const [due, notYet, dormant] = await Promise.all([ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 })]);
    await db.agentState.update({ where: { agentId: due.improver.id }, data: { scheduledWakeAt: new Date(START - 2 * DAY) } });
    await db.agentState.update({ where: { agentId: notYet.improver.id }, data: { scheduledWakeAt: new Date(START + 3_600_000) } });
    await db.agentState.update({ where: { agentId: dormant.improver.id }, data: { scheduledWakeAt: new Date(START - 2 * DAY) } });
    await db.agent.update({ where: { id: dormant.improver.id }, data: { lifecycle: "dormant" } });

    const result = await e.check.run(e.runner);
    expect(result).toMatchObject({ due: expect.any(Number), expired: expect.any(Number) });
    const keys = (await db.job.findMany({ where: { name: e.ritual.id } })).map((j) => j.key);
    expect(keys).toContain(due.improver.id);
    expect(keys).not.toContain(notYet.improver.id);
    expect(keys).not.toContain(dormant.improver.id);
    expect(await jobsOf(e.ritual.id, due.improver.id)).toEqual([expect.objectContaining({ status: "pending", payload: { workspaceId: due.workspace.id, improverAgentId: due.improver.id, reason: "scheduled" } })]);
    // Not due for the next tests' checks.
    await db.agentState.update({ where: { agentId: due.improver.id }, data: { scheduledWakeAt: new Date(START + 3_600_000) } });
  });

  it("runs shortly after start, then on its interval, and stops with the runner; a failing check is retried on the next tick", async () => {
    let runs = 0;
    const task: PeriodicTask = {
      name: "test-check",
      everyMs: 20,
      firstAfterMs: 10,
      run: async () => {
        if (++runs === 1) throw new Error("database restarting");
      },
    };
    const r = runner({ functions: [], periodic: [task] });
    await r.start();
    await until(() => runs >= 3);
    await r.stop();
    const stoppedAt = runs;
    await sleep(80);
    expect(runs).toBe(stoppedAt);
  });

  it("a missed wake (days ago) runs once, even when the check ran twice before the job and keeps running", async () => {
    const f = await ritualFixture();
    await db.agentState.update({ where: { agentId: f.improver.id }, data: { scheduledWakeAt: new Date(START - 4 * DAY) } });
    const e = embedded({ checkEveryMs: 30 });
    await e.check.run(e.runner);
    await e.check.run(e.runner);
    expect(await jobsOf(e.ritual.id, f.improver.id)).toHaveLength(1);

    await e.runner.start(); // the check keeps running every 30 ms
    await until(async () => (await db.evolutionSession.count({ where: { templateId: f.template.id, status: "awaiting_review" } })) === 1, 10_000);
    await sleep(150);
    await until(() => settled(e.ritual.id, f.improver.id), 10_000);
    await e.runner.stop();

    const session = await ritualSession(f);
    // A check racing the running job (before begin committed the next wake) may queue one more
    // run; it finds the ritual open and changes nothing.
    const jobs = await jobsOf(e.ritual.id, f.improver.id);
    expect(jobs.every((j) => j.status === "succeeded" && j.attempts === 1)).toBe(true);
    expect(jobs.length).toBeLessThanOrEqual(2);
    expect(await ritualCounts(f, session.id)).toMatchObject({ sessions: 1, proposals: 1, reviews: 2, emails: 2, viewerNotifications: 0 });
    expect(turnsOf(e.improver)).toBe(2);
    // beginRitual moved the wake to the next Monday 09:00 at once.
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: f.improver.id } });
    expect(state.scheduledWakeAt).toEqual(new Date(Date.UTC(1990, 0, 8, 9, 0, 0)));
  });
});

describe("the ritual on the embedded runner", () => {
  it("resumes after a restart mid-ritual without a second proposal, note set, notification or email", async () => {
    const f = await ritualFixture();
    const e = embedded();
    // The dead process got through begin, prepare and analyze, then died holding the job.
    const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: e.clock.now() });
    await prepareRitual(sessionId!, e.deps.models, e.clock.now());
    await analyzeRitual(sessionId!, e.deps.models);
    const notesAfterAnalysis = await db.evolutionNote.count({ where: { sessionId: sessionId! } });
    expect(notesAfterAnalysis).toBeGreaterThan(0);
    const payload = { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "scheduled" };
    const orphan = await db.job.create({ data: { name: e.ritual.id, key: f.improver.id, payload, status: "running", attempts: 1, maxAttempts: 4, lockedBy: "dead-process", lockedAt: e.clock.now(), startedAt: e.clock.now() } });

    await e.runner.start();
    await until(async () => (await db.job.findUniqueOrThrow({ where: { id: orphan.id } })).status === "succeeded", 10_000);
    const once = await ritualCounts(f, sessionId!);
    expect(once).toMatchObject({ sessions: 1, proposals: 1, notes: notesAfterAnalysis, reviews: 2, emails: 2 });
    expect(await ritualSession(f)).toMatchObject({ id: sessionId, status: "awaiting_review", round: 0 });

    // Crash again after the notice: the same steps run once more (a retry, a second wake, a fresh runner).
    await advanceRitual(sessionId!, e.advance);
    await e.runner.enqueueEvent({ name: "ritual/wake.requested", data: payload });
    await until(() => settled(e.ritual.id, f.improver.id), 10_000);
    await e.runner.stop();
    const fresh = e.make("fresh-process");
    await fresh.enqueueEvent({ name: "ritual/wake.requested", data: payload });
    await fresh.start();
    await until(() => settled(e.ritual.id, f.improver.id), 10_000);

    expect(await ritualCounts(f, sessionId!)).toEqual(once);
    expect(turnsOf(e.improver)).toBe(2); // analysis + one proposal: no model call repeated
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(1);
  });

  it("approve and reject at once on one ritual proposal: exactly one wins, and the ritual follows it", async () => {
    const f = await ritualFixture();
    const e = embedded();
    const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: e.clock.now() });
    expect(await advanceRitual(sessionId!, e.advance)).toEqual({ status: "awaiting_review" });
    const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: sessionId!, status: "pending" } });

    const [approved, rejected] = await Promise.allSettled([
      approveProposal({ scope: f.scope, proposalId: proposal.id, rating: 0.8, finish: true }),
      rejectProposal({ scope: f.scope, proposalId: proposal.id, reason: "Too coarse for simple tickets" }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual(["fulfilled", "rejected"]);
    const loser = (approved.status === "rejected" ? approved : rejected) as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ status: 409 });
    const winner = approved.status === "fulfilled" ? "approved" : "rejected";

    // Only the winner's action announces its decision.
    await e.runner.enqueueEvent({ name: ritualDecided.name, data: { workspaceId: f.workspace.id, sessionId: sessionId!, improverAgentId: f.improver.id, decision: winner } });
    await e.runner.start();
    await until(() => settled(e.decision.id, f.improver.id), 10_000);
    await e.runner.idle();

    const session = await ritualSession(f);
    const statuses = (await db.proposal.findMany({ where: { sessionId: sessionId! }, orderBy: { createdAt: "asc" } })).map((p) => p.status);
    const counts = await ritualCounts(f, sessionId!);
    if (winner === "approved") {
      expect(session).toMatchObject({ status: "completed", round: 0, summaryReportId: expect.any(String) });
      expect(statuses).toEqual(["approved"]);
      expect(counts).toMatchObject({ versions: 2, reports: 1, reviews: 2 });
    } else {
      expect(session).toMatchObject({ status: "awaiting_review", round: 1, summaryReportId: null });
      expect(statuses).toEqual(["rejected", "pending"]);
      expect(counts).toMatchObject({ versions: 1, reports: 0, reviews: 4 });
    }
  });

  it("the expiry sweep abandons a ritual nobody decided and sends one reminder", async () => {
    const f = await ritualFixture();
    const e = embedded();
    const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: e.clock.now() });
    await advanceRitual(sessionId!, e.advance);
    // Its 7 days are over (the deadline is set back rather than the clock moved on: see the header).
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { decisionDueAt: new Date(START - DAY) } });

    await e.check.run(e.runner);
    await e.check.run(e.runner);
    expect(await jobsOf(e.decision.id, f.improver.id)).toHaveLength(1);
    await e.runner.start();
    await until(() => settled(e.decision.id, f.improver.id), 10_000);
    await e.check.run(e.runner); // nothing left to expire
    await e.runner.stop();

    expect(await ritualSession(f)).toMatchObject({ status: "abandoned", outcomeNote: "Nobody decided within 7 days.", summaryReportId: expect.any(String) });
    expect(await db.proposal.findFirstOrThrow({ where: { sessionId: sessionId! } })).toMatchObject({ status: "superseded" });
    expect(await ritualCounts(f, sessionId!)).toMatchObject({ versions: 1, reports: 1, reviews: 2, reminders: 2, emails: 4, viewerNotifications: 0 });
    expect(await jobsOf(e.decision.id, f.improver.id)).toEqual([expect.objectContaining({ status: "succeeded", attempts: 1 })]);
    expect(e.notify.mock.calls.filter(([input]) => input.kind === "reminder")).toHaveLength(1);
  });

  it("when last week's proposal expires as this week's wake comes due, this week's ritual still runs", async () => {
    const f = await ritualFixture();
    const e = embedded();
    const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: e.clock.now() });
    await advanceRitual(sessionId!, e.advance);
    // A week later: the wake is due and, a minute later, so was the decision.
    await db.agentState.update({ where: { agentId: f.improver.id }, data: { scheduledWakeAt: new Date(START - 3_600_000) } });
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { decisionDueAt: new Date(START - 3_540_000) } });

    await e.runner.start();
    await e.check.run(e.runner); // the wake finds last week's ritual open; the expiry ends it
    await until(async () => (await settled(e.ritual.id, f.improver.id)) && (await settled(e.decision.id, f.improver.id)), 10_000);
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId! } })).toMatchObject({ status: "abandoned" });
    await e.check.run(e.runner); // the missed wake runs at the next check
    await until(async () => (await db.evolutionSession.count({ where: { templateId: f.template.id, origin: "ritual" } })) === 2, 10_000);
    await until(() => settled(e.ritual.id, f.improver.id), 10_000);
    await e.runner.stop();

    const latest = await ritualSession(f);
    expect(latest.id).not.toBe(sessionId);
    expect(latest).toMatchObject({ status: "awaiting_review", sessionNumber: 2 });
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: f.improver.id } });
    expect(state.scheduledWakeAt).toEqual(new Date(Date.UTC(1990, 0, 8, 9, 0, 0)));
  });
});
