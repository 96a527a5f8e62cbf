import { InngestTestEngine, mockCtx } from "@inngest/test";
import type { LanguageModel } from "ai";
import type { Context } from "inngest";
import { builtinModel } from "@/ai/builtin";
import { describe, expect, it, vi, type Mock } from "vitest";
import { notifyRitual } from "@/features/rituals/server/notify-ritual";
import { ensureWorkspaceImprovers, getImproverOf } from "@/features/rituals/server/improvers";
import type { Notifier } from "@/features/rituals/server/ritual";
import { approveProposal, rejectProposal } from "@/features/one-on-one/server/proposals";
import { ritualDecided, ritualWakeRequested, type RitualDecidedData } from "@/inngest/events";
import { createImproverRitualInngestFunction, DECISION_WAIT } from "@/inngest/functions/improver-ritual";
import { createRitualHourlyCheckFunction, HOURLY_CHECK_CRON } from "@/inngest/functions/ritual-hourly-check";
import { db } from "@/server/db";
import { testClock } from "../jobs/helpers";
import { classifier, ritualCounts, ritualFixture, scriptedImprover, turnsOf, v2, v3, type RitualFixture } from "./jobs-fixture";

// The ritual on the Inngest driver, in process (@inngest/test 1.0.0) against Postgres: the real
// step bodies run the real domain with scripted models. step.waitForEvent is answered through
// transformCtx (inngest-js#1652, ../shared/recipes/inngest/FINDINGS.md §3): an answer runs once
// (the engine re-executes the handler per step) and may decide the proposal first, like a person.

type Answer = () => Promise<{ name: string; data: RitualDecidedData } | null>;

function answerWaits(answers: Record<string, Answer>) {
  const memo = new Map<string, Promise<unknown>>();
  const waitForEvent = vi.fn((id: string) => {
    const answer = answers[id];
    if (!answer) return Promise.reject(new Error(`unmocked waitForEvent "${id}"`));
    if (!memo.has(id)) memo.set(id, answer());
    return memo.get(id)!;
  });
  const transformCtx = (raw: Context.Any): Context.Any => {
    const ctx = mockCtx(raw);
    (ctx.step as { waitForEvent: unknown }).waitForEvent = waitForEvent;
    return ctx;
  };
  return { waitForEvent, transformCtx };
}

const decided = (f: RitualFixture, sessionId: string, decision: RitualDecidedData["decision"]) => ({
  name: ritualDecided.name,
  data: { workspaceId: f.workspace.id, sessionId, improverAgentId: f.improver.id, decision },
});

async function openProposal(sessionId: string) {
  return db.proposal.findFirstOrThrow({ where: { sessionId, status: { in: ["pending", "draft"] } } });
}
async function ritualSession(f: RitualFixture) {
  return db.evolutionSession.findFirstOrThrow({ where: { templateId: f.template.id, origin: "ritual" }, orderBy: { sessionNumber: "desc" } });
}

function setup<M extends LanguageModel = ReturnType<typeof scriptedImprover>>(f: RitualFixture, answers: (sessionId: () => Promise<string>) => Record<string, Answer>, options: { improver?: M; now?: () => Date } = {}) {
  const improver = (options.improver ?? scriptedImprover()) as M;
  const notify = vi.fn<Notifier>((input) => notifyRitual(input));
  const fn = createImproverRitualInngestFunction({ models: { improver, classifier }, notify, now: options.now });
  const waits = answerWaits(answers(async () => (await ritualSession(f)).id));
  const engine = new InngestTestEngine({
    function: fn,
    events: [{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "scheduled" } }],
    transformCtx: waits.transformCtx,
  });
  return { engine, fn, improver, notify, waits };
}

/** Step ids in the order the run first reached them. */
const stepIds = (ctx: { step: { run: unknown } }) => [...new Set((ctx.step.run as Mock).mock.calls.map((c) => c[0] as string))];

describe("improver-ritual on Inngest", () => {
  it("full ritual: prepare → analyze → propose → notify → approve → finalize", async () => {
    const f = await ritualFixture();
    const { engine, improver, notify, waits } = setup(f, (session) => ({
      "decision-0": async () => {
        const sessionId = await session();
        await approveProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, rating: 0.8, finish: true });
        return decided(f, sessionId, "approved");
      },
    }));
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    const session = await ritualSession(f);
    expect(result).toEqual({ sessionId: session.id, started: true, status: "completed" });
    expect(stepIds(ctx)).toEqual(["begin", "prepare", "analyze", "propose-0", "notify-0", "check-0", "resume-0", "finalize"]);
    expect(waits.waitForEvent).toHaveBeenCalledWith("decision-0", { event: ritualDecided, timeout: DECISION_WAIT, if: `async.data.sessionId == "${session.id}"` });

    expect(session).toMatchObject({ status: "completed", userRating: 0.8, round: 0, summaryReportId: expect.any(String) });
    const template = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, include: { head: true } });
    expect(template.head).toMatchObject({ number: 2, directives: v2, authoredBy: "agent" });
    expect(turnsOf(improver)).toBe(2);
    expect(notify).toHaveBeenCalledTimes(1);
    // Owner and member are told (in app and by email); the viewer is not.
    expect(await ritualCounts(f, session.id)).toMatchObject({ sessions: 1, versions: 2, proposals: 1, reports: 1, reviews: 2, reminders: 0, emails: 2, viewerNotifications: 0 });
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: f.improver.id } });
    expect(state.scheduledWakeAt!.getTime()).toBeGreaterThan(Date.now());
    expect(state.slots).toMatchObject({ totalSessionsCompleted: 1 });
  });

  it("runs with the built-in improver (no provider configured)", async () => {
    const f = await ritualFixture();
    const { engine } = setup(f, (session) => ({
      "decision-0": async () => {
        const sessionId = await session();
        await approveProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, rating: 0.6, finish: true });
        return decided(f, sessionId, "approved");
      },
    }), { improver: builtinModel("improver") });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "completed" });
    const session = await ritualSession(f);
    expect(await db.evolutionNote.count({ where: { sessionId: session.id, kind: "hypothesis" } })).toBeGreaterThan(0);
    expect(await ritualCounts(f, session.id)).toMatchObject({ versions: 2, proposals: 1, reports: 1, reviews: 2 });
  });

  it("skips a week with too little feedback: finalize, no proposal, no wait", async () => {
    const f = await ritualFixture({ feedback: 1 });
    const { engine, improver, notify, waits } = setup(f, () => ({}));
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    const session = await ritualSession(f);
    expect(result).toEqual({ sessionId: session.id, started: true, status: "skipped" });
    expect(stepIds(ctx)).toEqual(["begin", "prepare", "finalize"]);
    expect(waits.waitForEvent).not.toHaveBeenCalled();
    expect(turnsOf(improver)).toBe(0);
    expect(notify).not.toHaveBeenCalled();
    expect(session).toMatchObject({ status: "skipped", summaryReportId: expect.any(String) });
    expect(await ritualCounts(f, session.id)).toMatchObject({ proposals: 0, versions: 1, reports: 1, reviews: 0 });
    expect(await db.agentMessage.count({ where: { agentId: f.improver.id, kind: "observation" } })).toBe(1);
  });

  it("reject → revised proposal (round 1, notified again) → approve", async () => {
    const f = await ritualFixture();
    const { engine, improver } = setup(f, (session) => ({
      "decision-0": async () => {
        const sessionId = await session();
        await rejectProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, reason: "15 minutes per step is too much for simple tickets" });
        return decided(f, sessionId, "rejected");
      },
      "decision-1": async () => {
        const sessionId = await session();
        await approveProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, rating: 0.9, finish: true });
        return decided(f, sessionId, "approved");
      },
    }));
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "completed" });
    expect(stepIds(ctx)).toEqual(["begin", "prepare", "analyze", "propose-0", "notify-0", "check-0", "resume-0", "notify-1", "check-1", "resume-1", "finalize"]);
    const session = await ritualSession(f);
    expect(session).toMatchObject({ status: "completed", round: 1 });
    // The revision was asked with the person's reason.
    expect(JSON.stringify(improver.doGenerateCalls.at(-2)!.prompt)).toContain("15 minutes per step is too much");
    expect((await db.proposal.findMany({ where: { sessionId: session.id }, orderBy: { createdAt: "asc" } })).map((p) => p.status)).toEqual(["rejected", "approved"]);
    const head = await db.templateVersion.findFirstOrThrow({ where: { templateId: f.template.id }, orderBy: { number: "desc" } });
    expect(head).toMatchObject({ number: 2, directives: v3 });
    expect(await ritualCounts(f, session.id)).toMatchObject({ reviews: 4, emails: 4, reports: 1 });
  });

  it("nobody decides within 7 days: abandoned, one reminder, finalized", async () => {
    const f = await ritualFixture();
    const clock = testClock(Date.now());
    const { engine } = setup(
      f,
      () => ({
        "decision-0": async () => {
          clock.advance(7 * 24 * 3_600_000 + 60_000);
          return null;
        },
      }),
      { now: clock.now },
    );
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "abandoned" });
    expect(stepIds(ctx)).toEqual(["begin", "prepare", "analyze", "propose-0", "notify-0", "check-0", "expire-0", "remind", "finalize"]);
    const session = await ritualSession(f);
    expect(session).toMatchObject({ status: "abandoned", outcomeNote: "Nobody decided within 7 days.", lastAcknowledgedCounter: null });
    expect(await db.proposal.findFirstOrThrow({ where: { sessionId: session.id } })).toMatchObject({ status: "superseded" });
    expect(await ritualCounts(f, session.id)).toMatchObject({ versions: 1, reports: 1, reviews: 2, reminders: 2, emails: 4 });
  });

  it("a second wake while the ritual is open returns the open session and changes nothing", async () => {
    const f = await ritualFixture();
    const ritual = await import("@/features/rituals/server/ritual");
    const begun = await ritual.beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
    const { engine, improver } = setup(f, () => ({}));
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ sessionId: begun.sessionId, started: false });
    expect(stepIds(ctx)).toEqual(["begin"]);
    expect(turnsOf(improver)).toBe(0);
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: begun.sessionId! } })).toMatchObject({ status: "preparing" });
  });

  it("monthly meta ritual: the meta-improver improves the level-1 improver template from the improvers' outcomes", async () => {
    const f = await ritualFixture();
    await ensureWorkspaceImprovers(f.workspace.id);
    const level1 = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: f.workspace.id, kind: "templateImprover" }, include: { head: true } });
    const meta = await getImproverOf(f.workspace.id, level1.id);
    expect(meta).toMatchObject({ kind: "metaImprover" });
    // Three decided task-template sessions in the last 30 days: the meta feedback's threshold.
    for (let n = 1; n <= 3; n++) {
      await db.evolutionSession.create({
        data: { workspaceId: f.workspace.id, templateId: f.template.id, sessionNumber: 100 + n, origin: "ritual", status: "abandoned", improverAgentId: f.improver.id, completedAt: new Date(Date.now() - n * 24 * 3_600_000) },
      });
    }
    const improverV2 = `${level1.head!.directives}\n- Propose one change at a time when proposals keep expiring.`;
    const model = scriptedImprover([improverV2]);
    const fn = createImproverRitualInngestFunction({ models: { improver: model, classifier }, notify: notifyRitual });
    const waits = answerWaits({
      "decision-0": async () => {
        const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: level1.id, origin: "ritual" } });
        await approveProposal({ scope: f.scope, proposalId: (await openProposal(session.id)).id, rating: 0.7, finish: true });
        return { name: ritualDecided.name, data: { workspaceId: f.workspace.id, sessionId: session.id, improverAgentId: meta!.id, decision: "approved" as const } };
      },
    });
    const engine = new InngestTestEngine({
      function: fn,
      events: [{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: meta!.id, reason: "scheduled" } }],
      transformCtx: waits.transformCtx,
    });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "completed" });
    const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: level1.id, origin: "ritual" } });
    expect(session.feedbackSummary).toMatchObject({ totals: { negative: expect.any(Number) } });
    // The meta-improver saw the improvers' outcomes, not task feedback.
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain("abandoned without a decision");
    const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: level1.id }, include: { head: true } });
    expect(head.head).toMatchObject({ number: 2, directives: improverV2, authoredBy: "agent" });
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: meta!.id } });
    expect(state.scheduledWakeAt!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("ritual-hourly-check on Inngest", () => {
  it("is an hourly cron that fans out the due improvers and the expired rituals only", async () => {
    // An era of its own: the check reads every workspace, and other tests' improvers are due in the present.
    const now = new Date(Date.UTC(2001, 0, 1, 10, 0, 0));
    const past = new Date(now.getTime() - 3 * 24 * 3_600_000);
    const [due, notYet, dormant] = await Promise.all([ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 })]);
    await db.agentState.update({ where: { agentId: due.improver.id }, data: { scheduledWakeAt: past } });
    await db.agentState.update({ where: { agentId: notYet.improver.id }, data: { scheduledWakeAt: new Date(now.getTime() + 3_600_000) } });
    await db.agentState.update({ where: { agentId: dormant.improver.id }, data: { scheduledWakeAt: past } });
    await db.agent.update({ where: { id: dormant.improver.id }, data: { lifecycle: "dormant" } });
    const expired = await db.evolutionSession.create({
      data: { workspaceId: notYet.workspace.id, templateId: notYet.template.id, sessionNumber: 1, origin: "ritual", status: "awaiting_review", improverAgentId: notYet.improver.id, decisionDueAt: past },
    });

    const fn = createRitualHourlyCheckFunction({ now: () => now, createImprovers: false });
    expect(fn.opts.triggers).toEqual([{ cron: HOURLY_CHECK_CRON }]);
    const engine = new InngestTestEngine({ function: fn, events: [{ name: "inngest/scheduled.timer", data: { cron: HOURLY_CHECK_CRON } }] });
    const { error, ctx } = await engine.execute({ steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }] });
    expect(error).toBeUndefined();
    const sent = (ctx.step.sendEvent as unknown as Mock).mock.calls.find((c) => c[0] === "fan-out")![1] as { name: string; data: Record<string, string> }[];
    const wakes = sent.filter((e) => e.name === ritualWakeRequested.name).map((e) => e.data);
    expect(wakes).toContainEqual({ workspaceId: due.workspace.id, improverAgentId: due.improver.id, reason: "scheduled" });
    expect(wakes.map((w) => w.improverAgentId)).not.toContain(notYet.improver.id);
    expect(wakes.map((w) => w.improverAgentId)).not.toContain(dormant.improver.id);
    const decisions = sent.filter((e) => e.name === ritualDecided.name).map((e) => e.data);
    expect(decisions).toContainEqual({ workspaceId: notYet.workspace.id, sessionId: expired.id, improverAgentId: notYet.improver.id, decision: "expired" });
  });
});
