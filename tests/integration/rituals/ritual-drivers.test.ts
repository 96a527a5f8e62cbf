import { InngestTestEngine, mockCtx } from "@inngest/test";
import type { LanguageModel } from "ai";
import type { Context } from "inngest";
import { describe, expect, it, vi, type Mock } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { approveProposal, rejectProposal } from "@/features/one-on-one/server";
import { UNRESUMED_AFTER_MS } from "@/features/rituals/server/hourly-check";
import { ensureWorkspaceImprovers, getImproverOf } from "@/features/rituals/server/improvers";
import { notifyRitual } from "@/features/rituals/server/notify-ritual";
import type { Notifier } from "@/features/rituals/server";
import { ritualDecided, ritualWakeRequested } from "@/inngest/events";
import { createImproverRitualFunction } from "@/inngest/functions/improver-ritual";
import { createRitualHourlyCheckFunction, HOURLY_CHECK_CRON } from "@/inngest/functions/ritual-hourly-check";
import { deliverOutbox } from "@/inngest/outbox";
import { db } from "@/server/db";
import { makeEvolutionSession } from "../../factories";
import { drainUntilEnded, executorsForThisFile, testClock, testId } from "../jobs/harness";
import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { advanceRitual, beginRitual, failStalledRituals, STALLED_AFTER_MS } from "@/features/rituals/server";
import { failingModel } from "../../support/scripted-models";
import { classifier, ritualCounts, ritualFixture, scriptedImprover, turnsOf, v2, v3, type RitualFixture } from "./jobs-fixture";

// The improver ritual is written once (functions/improver-ritual.ts) and must behave the same on
// both drivers: an Inngest server (in process with @inngest/test, its waitForEvent answered through
// transformCtx — inngest-js#1652) and the local executor (against Postgres, a fake clock, the
// decision going through the real outbox). Each scenario runs on both; the person's decision is
// made through the real approve/reject services.

/** What a person does at a round's wait: decide, or nothing (the wait times out). */
type Decide = (f: RitualFixture, sessionId: string) => Promise<"approved" | "rejected" | "timeout">;

const DAY = 24 * 3_600_000;
const approve = (rating: number): Decide => async (f, sessionId) => {
  await approveProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, rating, finish: true });
  return "approved";
};
const reject = (reason: string): Decide => async (f, sessionId) => {
  await rejectProposal({ scope: f.scope, proposalId: (await openProposal(sessionId)).id, reason });
  return "rejected";
};

async function openProposal(sessionId: string) {
  return db.proposal.findFirstOrThrow({ where: { sessionId, status: { in: ["pending", "draft"] } } });
}
async function ritualSession(templateId: string) {
  return db.evolutionSession.findFirstOrThrow({ where: { templateId, origin: "ritual" }, orderBy: { sessionNumber: "desc" } });
}

type RunOptions = { improver?: LanguageModel; rounds?: Decide[]; reason?: "scheduled" | "manual" | "resume"; improverAgentId?: string; templateId?: string };
type Outcome = { result: unknown; notify: Mock<Notifier> };
type Driver = { name: string; run(f: RitualFixture, options: RunOptions): Promise<Outcome> };

const inngestDriver: Driver = {
  name: "Inngest (@inngest/test)",
  async run(f, { improver = scriptedImprover(), rounds = [], reason = "scheduled", improverAgentId = f.improver.id, templateId = f.template.id }) {
    const clock = testClock(Date.now());
    const notify = vi.fn<Notifier>((input) => notifyRitual(input));
    const fn = createImproverRitualFunction({ models: { improver, classifier }, notify, now: clock.now });
    const memo = new Map<string, Promise<unknown>>();
    const waitForEvent = vi.fn((id: string) => {
      const round = Number(/^decision-(\d+)$/.exec(id)?.[1]);
      const decide = rounds[round - 1];
      if (!decide) return Promise.reject(new Error(`no decision scripted for "${id}"`));
      if (!memo.has(id))
        memo.set(
          id,
          (async () => {
            const session = await ritualSession(templateId);
            const decision = await decide(f, session.id);
            if (decision === "timeout") {
              clock.set(session.decisionDueAt!.getTime());
              return null;
            }
            return { name: ritualDecided.name, data: { workspaceId: f.workspace.id, sessionId: session.id, improverAgentId, decision } };
          })(),
        );
      return memo.get(id)!;
    });
    const transformCtx = (raw: Context.Any): Context.Any => {
      const ctx = mockCtx(raw);
      (ctx.step as { waitForEvent: unknown }).waitForEvent = waitForEvent;
      return ctx;
    };
    const engine = new InngestTestEngine({ function: fn, events: [{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId, reason } }], transformCtx });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    return { result, notify };
  },
};

function localDriver(newExecutor: ReturnType<typeof executorsForThisFile>): Driver {
  return {
    name: "local executor (Postgres)",
    async run(f, { improver = scriptedImprover(), rounds = [], reason = "scheduled", improverAgentId = f.improver.id, templateId = f.template.id }) {
      const clock = testClock(Date.now());
      const notify = vi.fn<Notifier>((input) => notifyRitual(input));
      const id = testId("improver-ritual");
      const fn = createImproverRitualFunction({ models: { improver, classifier }, notify, now: clock.now, id });
      const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
      await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId, reason } }]);
      await executor.drain();
      for (const decide of rounds) {
        const run = await db.functionRun.findFirstOrThrow({ where: { functionId: id } });
        expect(run.status).toBe("waiting");
        const session = await ritualSession(templateId);
        const decision = await decide(f, session.id);
        if (decision === "timeout") clock.set(session.decisionDueAt!.getTime());
        else {
          // What the approve/reject action does after its commit, limited to this session's event
          // (other test files share the outbox).
          const event = await db.outboxEvent.findFirstOrThrow({ where: { name: ritualDecided.name, sentAt: null, data: { path: ["sessionId"], equals: session.id } } });
          await deliverOutbox({ ids: [event.id] });
        }
        await executor.drain();
      }
      const run = await db.functionRun.findFirstOrThrow({ where: { functionId: id } });
      expect(run.status).toBe("completed");
      return { result: run.output, notify };
    },
  };
}

describe.each(["inngest", "local"] as const)("improver-ritual, written once, on %s", (which) => {
  const newExecutor = executorsForThisFile();
  const driver = which === "inngest" ? inngestDriver : localDriver(newExecutor);

  it("full ritual: prepare → analyze → propose → notify → approve → finalize", async () => {
    const f = await ritualFixture();
    const improver = scriptedImprover();
    const { result, notify } = await driver.run(f, { improver, rounds: [approve(0.8)] });
    const session = await ritualSession(f.template.id);
    expect(result).toEqual({ sessionId: session.id, started: true, status: "completed" });
    expect(session).toMatchObject({ status: "completed", userRating: 0.8, round: 0, summaryReportId: expect.any(String) });
    const template = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, include: { head: true } });
    expect(template.head).toMatchObject({ number: 2, directives: v2, authoredBy: "agent" });
    expect(turnsOf(improver)).toBe(2);
    // The review notice once (a repeated advance is deduplicated); owner and member told, not the viewer.
    expect(await ritualCounts(f, session.id)).toMatchObject({ sessions: 1, versions: 2, proposals: 1, reports: 1, reviews: 2, reminders: 0, emails: 2, viewerNotifications: 0 });
    expect(notify.mock.calls.filter(([c]) => c.kind === "reminder")).toHaveLength(0);
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: f.improver.id } });
    expect(state.scheduledWakeAt!.getTime()).toBeGreaterThan(Date.now());
    expect(state.slots).toMatchObject({ totalSessionsCompleted: 1 });
  });

  it("reject → revised proposal (round 1, notified again) → approve", async () => {
    const f = await ritualFixture();
    const improver = scriptedImprover();
    const { result } = await driver.run(f, { improver, rounds: [reject("15 minutes per step is too much for simple tickets"), approve(0.9)] });
    expect(result).toMatchObject({ status: "completed" });
    const session = await ritualSession(f.template.id);
    expect(session).toMatchObject({ status: "completed", round: 1 });
    expect(JSON.stringify(improver.doGenerateCalls.at(-2)!.prompt)).toContain("15 minutes per step is too much");
    expect((await db.proposal.findMany({ where: { sessionId: session.id }, orderBy: { createdAt: "asc" } })).map((p) => p.status)).toEqual(["rejected", "approved"]);
    const head = await db.templateVersion.findFirstOrThrow({ where: { templateId: f.template.id }, orderBy: { number: "desc" } });
    expect(head).toMatchObject({ number: 2, directives: v3 });
    expect(await ritualCounts(f, session.id)).toMatchObject({ reviews: 4, emails: 4, reports: 1 });
  });

  it("nobody decides within 7 days: abandoned, one reminder, finalized", async () => {
    const f = await ritualFixture();
    const { result } = await driver.run(f, { rounds: [async () => "timeout"] });
    expect(result).toMatchObject({ status: "abandoned" });
    const session = await ritualSession(f.template.id);
    expect(session).toMatchObject({ status: "abandoned", outcomeNote: "Nobody decided within 7 days.", lastAcknowledgedCounter: null });
    expect(session.decisionDueAt!.getTime() - session.createdAt.getTime()).toBeGreaterThanOrEqual(7 * DAY - 60_000);
    expect(await db.proposal.findFirstOrThrow({ where: { sessionId: session.id } })).toMatchObject({ status: "superseded" });
    expect(await ritualCounts(f, session.id)).toMatchObject({ versions: 1, reports: 1, reviews: 2, reminders: 2, emails: 4 });
  });

  it("skips a week with too little feedback: finalize, no proposal, no wait", async () => {
    const f = await ritualFixture({ feedback: 1 });
    const improver = scriptedImprover();
    const { result, notify } = await driver.run(f, { improver });
    const session = await ritualSession(f.template.id);
    expect(result).toEqual({ sessionId: session.id, started: true, status: "skipped" });
    expect(turnsOf(improver)).toBe(0);
    expect(notify).not.toHaveBeenCalled();
    expect(await ritualCounts(f, session.id)).toMatchObject({ proposals: 0, versions: 1, reports: 1, reviews: 0 });
  });

  it("a decision made before the wait begins is not lost (the check sees it)", async () => {
    const f = await ritualFixture();
    // The person approves from the notice the moment it arrives: before the run reaches its wait.
    const improver = scriptedImprover();
    const notify = async (input: Parameters<Notifier>[0]) => {
      await notifyRitual(input);
      if (input.kind === "review") await approve(0.7)(f, input.session.id);
    };
    const { createImproverRitualFunction: create } = await import("@/inngest/functions/improver-ritual");
    if (which === "inngest") {
      const engine = new InngestTestEngine({ function: create({ models: { improver, classifier }, notify }), events: [{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "scheduled" } }] });
      const { result, error } = await engine.execute(); // an unmocked waitForEvent would fail the run
      expect(error).toBeUndefined();
      expect(result).toMatchObject({ status: "completed" });
    } else {
      const id = testId("improver-ritual");
      const executor = await newExecutor({ functions: [create({ models: { improver, classifier }, notify, id })], work: false });
      await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "scheduled" } }]);
      await executor.drain();
      expect(await db.functionRun.findFirstOrThrow({ where: { functionId: id } })).toMatchObject({ status: "completed", output: { status: "completed" } });
    }
    expect(await ritualSession(f.template.id)).toMatchObject({ status: "completed", userRating: 0.7, summaryReportId: expect.any(String) });
  });

  it("a second scheduled wake while the ritual is open changes nothing; a resume wake adopts and finishes it", async () => {
    const f = await ritualFixture();
    const ritual = await import("@/features/rituals/server");
    const begun = await ritual.beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
    const idle = scriptedImprover();
    expect((await driver.run(f, { improver: idle })).result).toEqual({ sessionId: begun.sessionId, started: false });
    expect(turnsOf(idle)).toBe(0);
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: begun.sessionId! } })).toMatchObject({ status: "preparing" });

    const { result } = await driver.run(f, { reason: "resume", rounds: [approve(0.5)] });
    expect(result).toEqual({ sessionId: begun.sessionId, started: false, status: "completed" });
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: begun.sessionId! } })).toMatchObject({ status: "completed", summaryReportId: expect.any(String) });
  });

  it("monthly meta ritual: the meta-improver improves the level-1 improver template from the improvers' outcomes", async () => {
    const f = await ritualFixture();
    await ensureWorkspaceImprovers(f.workspace.id);
    const level1 = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: f.workspace.id, kind: "templateImprover" }, include: { head: true } });
    const meta = await getImproverOf(f.workspace.id, level1.id);
    expect(meta).toMatchObject({ kind: "metaImprover" });
    // Three decided task-template sessions in the last 30 days: the meta feedback's threshold.
    for (let n = 1; n <= 3; n++) {
      await makeEvolutionSession(f.template, { sessionNumber: 100 + n, origin: "ritual", status: "abandoned", improverAgentId: f.improver.id, completedAt: new Date(Date.now() - n * DAY) });
    }
    const improverV2 = `${level1.head!.directives}\n- Propose one change at a time when proposals keep expiring.`;
    const model = scriptedImprover([improverV2]);
    const { result } = await driver.run(f, { improver: model, improverAgentId: meta!.id, templateId: level1.id, rounds: [approve(0.7)] });
    expect(result).toMatchObject({ status: "completed" });
    const session = await ritualSession(level1.id);
    expect(session.feedbackSummary).toMatchObject({ totals: { negative: expect.any(Number) } });
    // The meta-improver saw the improvers' outcomes, not task feedback.
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain("abandoned without a decision");
    const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: level1.id }, include: { head: true } });
    expect(head.head).toMatchObject({ number: 2, directives: improverV2, authoredBy: "agent" });
  });

  it("runs with the built-in improver (no provider configured)", async () => {
    // Words the clause family answers (a reason with every estimate): the built-in improver adds no clause nothing calls for.
    const f = await ritualFixture({ reason: "Why this number? Give every estimate a one-line rationale." });
    const { result } = await driver.run(f, { improver: builtinModel("improver"), rounds: [approve(0.6)] });
    expect(result).toMatchObject({ status: "completed" });
    const session = await ritualSession(f.template.id);
    expect(await db.evolutionNote.count({ where: { sessionId: session.id, kind: "hypothesis" } })).toBeGreaterThan(0);
    expect(await ritualCounts(f, session.id)).toMatchObject({ versions: 2, proposals: 1, reports: 1, reviews: 2 });
  });
});

describe("a ritual that ends without a proposal says why", () => {
  const answers = (propose: () => LanguageModelV3GenerateResult) =>
    new MockLanguageModelV3({
      doGenerate: async (options) => {
        if (options.prompt.at(-1)?.role === "tool") return plain("Done.");
        // The analysis turn records a note; the proposal turn answers as scripted.
        const proposing = JSON.stringify(options.providerOptions ?? {}).includes("ritual-proposal");
        return proposing ? propose() : { ...plain(""), content: [{ type: "tool-call", toolCallId: "n1", toolName: "record_evolution_note", input: JSON.stringify({ kind: "hypothesis", content: "Estimates drift." }) }], finishReason: { unified: "tool-calls", raw: "tool_calls" } };
      },
    });

  it.each([
    ["the improver explains it proposes nothing → completed, its words quoted, feedback acknowledged", () => plain("Nothing to change: the rejections were about one customer's odd tickets."), "completed", /^The improver proposed no change: “Nothing to change: the rejections were about one customer's odd tickets\.”$/, true],
    ["the improver answers nothing at all → failed, feedback kept for the next ritual", () => plain(""), "failed", /^The improver answered with neither a proposal nor a reason\.$/, false],
  ] as const)("%s", async (_name, propose, status, note, acknowledged) => {
    const f = await ritualFixture();
    await advanceToEnd(f, answers(propose));
    const session = await ritualSession(f.template.id);
    expect(session).toMatchObject({ status, outcomeNote: expect.stringMatching(note) });
    expect(session.lastAcknowledgedCounter !== null).toBe(acknowledged);
  });
});

describe("improver-ritual whose improver keeps failing, on the local executor", () => {
  const newExecutor = executorsForThisFile();

  it("ends the session failed with the reason after the last retry, tells the members once and writes the post-ritual update — never stuck 'analyzing'", async () => {
    const f = await ritualFixture();
    const clock = testClock(Date.now());
    const notify = vi.fn<Notifier>((input) => notifyRitual(input));
    const id = testId("improver-ritual");
    const fn = createImproverRitualFunction({ models: { improver: failingModel("provider down"), classifier }, notify, now: clock.now, id });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual" } }]);
    // Each retry waits its backoff: move the clock past it until the run ends.
    expect(await drainUntilEnded(executor, clock, id)).toBe("completed");
    const session = await ritualSession(f.template.id);
    expect(session).toMatchObject({ status: "failed", outcomeNote: expect.stringMatching(/provider down/), summaryReportId: expect.any(String) });
    expect(notify.mock.calls.filter(([c]) => c.kind === "failed")).toHaveLength(1);
    const failed = await db.notification.findMany({ where: { workspaceId: f.workspace.id, kind: "ritual_failed" } });
    expect(failed.map((n) => n.title)).toEqual(expect.arrayContaining([expect.stringMatching(/the weekly ritual could not finish$/)]));
  });
});

describe("a ritual nobody drives any more (its run died with the process)", () => {
  it("ends failed after an hour without progress, tells the members once, and is left alone by the next sweep", async () => {
    const f = await ritualFixture({ feedback: 0 });
    const stalled = await makeEvolutionSession(f.template, { origin: "ritual", status: "analyzing", improverAgentId: f.improver.id });
    const fresh = await ritualFixture({ feedback: 0 });
    const working = await makeEvolutionSession(fresh.template, { origin: "ritual", status: "proposing", improverAgentId: fresh.improver.id });
    const now = new Date();
    await db.$executeRaw`UPDATE "EvolutionSession" SET "updatedAt" = ${new Date(now.getTime() - STALLED_AFTER_MS - 60_000)} WHERE "id" = ${stalled.id}`;
    const notify = vi.fn<Notifier>(async () => undefined);

    expect(await failStalledRituals(notify, now)).toBeGreaterThanOrEqual(1);
    const ended = await db.evolutionSession.findUniqueOrThrow({ where: { id: stalled.id } });
    expect(ended).toMatchObject({ status: "failed", outcomeNote: expect.stringMatching(/^The improver made no progress for 61 minutes while analyzing/), completedAt: now, summaryReportId: expect.any(String) });
    expect(notify.mock.calls.filter(([c]) => c.session.id === stalled.id).map(([c]) => c.kind)).toEqual(["failed"]);
    // A ritual still moving is not touched.
    expect(await db.evolutionSession.findUniqueOrThrow({ where: { id: working.id } })).toMatchObject({ status: "proposing", completedAt: null });

    await failStalledRituals(notify, now);
    expect(notify.mock.calls.filter(([c]) => c.session.id === stalled.id)).toHaveLength(1);
  });
});

describe.each(["inngest", "local"] as const)("ritual-hourly-check, written once, on %s", (which) => {
  const newExecutor = executorsForThisFile();

  it("wakes only the due improvers, and resumes the rituals nobody drives", async () => {
    // An era of its own: the check reads every workspace, and other tests' improvers are due in the present.
    const now = new Date(Date.UTC(2001, 0, 1, 10, 0, 0));
    const past = new Date(now.getTime() - 3 * DAY);
    const [due, notYet, dormant] = await Promise.all([ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 }), ritualFixture({ feedback: 0 })]);
    await db.agentState.update({ where: { agentId: due.improver.id }, data: { scheduledWakeAt: past } });
    await db.agentState.update({ where: { agentId: notYet.improver.id }, data: { scheduledWakeAt: new Date(now.getTime() + 3_600_000) } });
    await db.agentState.update({ where: { agentId: dormant.improver.id }, data: { scheduledWakeAt: past } });
    await db.agent.update({ where: { id: dormant.improver.id }, data: { lifecycle: "dormant" } });
    const stuck = await makeEvolutionSession(notYet.template, { origin: "ritual", status: "awaiting_review", improverAgentId: notYet.improver.id, decisionDueAt: new Date(now.getTime() - UNRESUMED_AFTER_MS - 1) });

    let wakes: { workspaceId: string; improverAgentId: string; reason: string; templateId?: string }[];
    let ids: string[];
    if (which === "inngest") {
      const fn = createRitualHourlyCheckFunction({ now: () => now, createImprovers: false });
      expect(fn.opts.triggers).toEqual([{ cron: HOURLY_CHECK_CRON }]);
      const engine = new InngestTestEngine({ function: fn, events: [{ name: "inngest/scheduled.timer", data: { cron: HOURLY_CHECK_CRON } }] });
      const { error, ctx } = await engine.execute({ steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }] });
      expect(error).toBeUndefined();
      const sent = (ctx.step.sendEvent as unknown as Mock).mock.calls.find((c) => c[0] === "fan-out")![1] as { id: string; name: string; data: (typeof wakes)[number] }[];
      expect(new Set(sent.map((e) => e.name))).toEqual(new Set([ritualWakeRequested.name]));
      wakes = sent.map((e) => e.data);
      ids = sent.map((e) => e.id);
    } else {
      // The check's step.sendEvent goes through the outbox to the executor, which starts the
      // ritual function (here an idle copy with an id of its own) for each wake.
      const checkId = testId("hourly");
      const ritualId = testId("improver-ritual");
      const ritualFn = createImproverRitualFunction({ id: ritualId, models: { improver: scriptedImprover(), classifier }, now: () => now });
      const executor = await newExecutor({ functions: [createRitualHourlyCheckFunction({ now: () => now, createImprovers: false, id: checkId }), ritualFn], now: () => now, work: false });
      await executor.fireCron(checkId);
      await executor.drain();
      expect(await db.functionRun.findFirstOrThrow({ where: { functionId: checkId } })).toMatchObject({ status: "completed" });
      // A missed wake runs once: the next hour's check finds the improver no longer due (its ritual
      // moved scheduledWakeAt on), so it sends no second scheduled wake.
      await executor.fireCron(checkId);
      await executor.drain();
      // (The other driver's run of this test left its own era-2001 improvers due: filter by ours below.)
      const runs = await db.functionRun.findMany({ where: { functionId: ritualId } });
      const scheduledForDue = runs.filter((r) => (r.event as { data: { improverAgentId: string; reason: string } }).data.improverAgentId === due.improver.id);
      expect(scheduledForDue).toHaveLength(1);
      wakes = runs.map((r) => (r.event as { data: (typeof wakes)[number] }).data);
      // The run of an event is keyed by its id (`<function>:<event id>`): the ids the check gave.
      ids = runs.map((r) => r.id.slice(ritualId.length + 1));
    }
    expect(wakes).toContainEqual({ workspaceId: due.workspace.id, improverAgentId: due.improver.id, reason: "scheduled", templateId: due.template.id });
    expect(wakes).toContainEqual({ workspaceId: notYet.workspace.id, improverAgentId: notYet.improver.id, reason: "resume", templateId: notYet.template.id });
    // Deterministic event ids (Inngest deduplicates on them, so does the outbox).
    expect(ids).toContain(`ritual-wake-${due.improver.id}-${past.toISOString()}`);
    expect(ids).toContain(`ritual-resume-${stuck.id}-2001-01-01T10:00:00.000Z`);
    expect(wakes.filter((w) => w.improverAgentId === notYet.improver.id)).toHaveLength(1);
    expect(wakes.map((w) => w.improverAgentId)).not.toContain(dormant.improver.id);
    expect(stuck.id).toBeTruthy();
  });

  it.runIf(which === "local")("two checks while the improver is still due ask for its ritual once: the event id is written once", async () => {
    const now = new Date(Date.UTC(2001, 0, 2, 10, 0, 0));
    const past = new Date(now.getTime() - DAY);
    const due = await ritualFixture({ feedback: 0 });
    await db.agentState.update({ where: { agentId: due.improver.id }, data: { scheduledWakeAt: past } });
    // Only the check runs here (no ritual moves scheduledWakeAt on), so both checks find the improver due.
    const checkId = testId("hourly");
    const executor = await newExecutor({ functions: [createRitualHourlyCheckFunction({ now: () => now, createImprovers: false, id: checkId })], now: () => now, work: false });
    await executor.fireCron(checkId);
    await executor.drain();
    await executor.fireCron(checkId);
    await executor.drain();
    expect(await db.functionRun.count({ where: { functionId: checkId, status: "completed" } })).toBe(2);
    const rows = await db.outboxEvent.findMany({ where: { name: ritualWakeRequested.name, data: { path: ["improverAgentId"], equals: due.improver.id } } });
    expect(rows).toEqual([expect.objectContaining({ id: `ritual-wake-${due.improver.id}-${past.toISOString()}`, sentAt: expect.any(Date) })]);
  });
});

const plain = (text: string): LanguageModelV3GenerateResult => ({
  content: text ? [{ type: "text", text }] : [],
  finishReason: { unified: "stop", raw: "stop" },
  usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
  warnings: [],
});

/** Opens the ritual and advances it as far as it goes, with this improver. */
async function advanceToEnd(f: RitualFixture, improver: LanguageModel) {
  const begun = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id, now: new Date() });
  await advanceRitual(begun.sessionId!, { improver, classifier, notify: async () => undefined });
}
