import { InngestTestEngine } from "@inngest/test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { agentDeleted, agentWakeRequested, feedbackCorrected, feedbackWritten, ritualDecided, ritualWakeRequested, proposalRecorded, templateDeleted, webhookDeliveryRequested } from "@/inngest/events";
import { functions } from "@/inngest/functions";
import { CLASSIFY_FEEDBACK_CRON, CLASSIFY_FEEDBACK_ID } from "@/inngest/functions/classify-feedback";
import { createImproverRitualFunction, IMPROVER_RITUAL_ID, RITUAL_RETRIES } from "@/inngest/functions/improver-ritual";
import { createRitualHourlyCheckFunction, HOURLY_CHECK_CRON, RITUAL_HOURLY_CHECK_ID } from "@/inngest/functions/ritual-hourly-check";
import { TASK_AGENT_WAKE_ID } from "@/inngest/functions/task-agent-wake";
import { REPLAY_CHECK_ID } from "@/inngest/functions/replay-check";
import { ADAPT_CLASSIFIER_ID } from "@/inngest/functions/adapt-classifier";
import { DELIVER_WEBHOOK_ID } from "@/inngest/functions/deliver-webhook";
import { specOf } from "@/inngest/local/function-spec";

// The ritual's functions without a database: their options as Inngest and the local executor read
// them, and their orchestration with the domain replaced (@inngest/test). The flows against
// Postgres are tests/integration/rituals.

const domain = vi.hoisted(() => ({
  beginRitual: vi.fn(),
  advanceRitual: vi.fn(),
  runHourlyCheck: vi.fn(),
  failStalledRituals: vi.fn(),
  checkProbations: vi.fn(),
}));
vi.mock("@/features/probation/server", () => ({ checkProbations: domain.checkProbations }));
vi.mock("@/features/rituals/server", () => ({
  beginRitual: domain.beginRitual,
  advanceRitual: domain.advanceRitual,
  runHourlyCheck: domain.runHourlyCheck,
  failStalledRituals: domain.failStalledRituals,
  notifyRitual: vi.fn(),
}));

beforeEach(() => {
  for (const mock of Object.values(domain)) mock.mockReset();
});

const wakeEvent = (reason: "scheduled" | "manual" | "resume") => ({ name: ritualWakeRequested.name, data: { workspaceId: "ws_1", improverAgentId: "imp_1", reason } });

describe("the app's functions", () => {
  it("are the task wake, the ritual, the hourly check, the feedback classification, the replay check, the classifier's adaptation and the webhook delivery, each one the local executor can run", () => {
    expect(functions.map((f) => f.opts.id)).toEqual([TASK_AGENT_WAKE_ID, IMPROVER_RITUAL_ID, RITUAL_HOURLY_CHECK_ID, CLASSIFY_FEEDBACK_ID, REPLAY_CHECK_ID, ADAPT_CLASSIFIER_ID, DELIVER_WEBHOOK_ID]);
    const specs = functions.map(specOf); // throws on an option the executor cannot honour
    expect(specs.map((s) => [s.id, s.events.map((e) => e.name), s.crons])).toEqual([
      [TASK_AGENT_WAKE_ID, [agentWakeRequested.name], []],
      [IMPROVER_RITUAL_ID, [ritualWakeRequested.name], []],
      [RITUAL_HOURLY_CHECK_ID, [], [HOURLY_CHECK_CRON]],
      [CLASSIFY_FEEDBACK_ID, [feedbackWritten.name], [CLASSIFY_FEEDBACK_CRON]],
      [REPLAY_CHECK_ID, [proposalRecorded.name], []],
      [ADAPT_CLASSIFIER_ID, [feedbackCorrected.name], []],
      [DELIVER_WEBHOOK_ID, [webhookDeliveryRequested.name], []],
    ]);
    expect(specs[3]).toMatchObject({ concurrencyKey: expect.anything(), retries: 0 });
    // A queue session is one retrain per workspace: debounced, one at a time, per workspace.
    expect(specs[5]).toMatchObject({ concurrencyKey: "event.data.workspaceId", debounce: { key: "event.data.workspaceId" }, retries: 1 });
    // One attempt at a time per endpoint: a dead one holds up only its own deliveries; the sleeps are the retries.
    expect(specs[6]).toMatchObject({ concurrencyKey: "event.data.endpointId", throttle: null, debounce: null, retries: 0 });
  });
});

describe("improver-ritual", () => {
  it("single-flight per improver, no throttle or debounce, 4 attempts per step", () => {
    const fn = createImproverRitualFunction();
    expect(fn.opts).toMatchObject({ id: IMPROVER_RITUAL_ID, triggers: [ritualWakeRequested], concurrency: { key: "event.data.improverAgentId", limit: 1 }, retries: 3 });
    expect(RITUAL_RETRIES).toBe(3);
    expect(specOf(fn)).toMatchObject({ concurrencyKey: "event.data.improverAgentId", throttle: null, debounce: null, retries: 3 });
    expect(createImproverRitualFunction({ id: "ritual-test" }).opts.id).toBe("ritual-test");
  });

  it("is cancelled when its improver or the template it improves is deleted, on both drivers", () => {
    const fn = createImproverRitualFunction();
    expect(fn.opts.cancelOn).toEqual([
      { event: agentDeleted, if: "async.data.agentId == event.data.improverAgentId" },
      { event: templateDeleted, if: "async.data.templateId == event.data.templateId" },
    ]);
    expect(specOf(fn).cancelOn).toEqual([
      { name: "agent/deleted", if: "async.data.agentId == event.data.improverAgentId" },
      { name: "template/deleted", if: "async.data.templateId == event.data.templateId" },
    ]);
  });

  it("a scheduled or manual wake that finds a ritual already open leaves it to the run driving it", async () => {
    domain.beginRitual.mockResolvedValue({ sessionId: "s_1", started: false });
    for (const reason of ["scheduled", "manual"] as const) {
      const { result, error } = await new InngestTestEngine({ function: createImproverRitualFunction(), events: [wakeEvent(reason)] }).execute();
      expect(error).toBeUndefined();
      expect(result).toEqual({ sessionId: "s_1", started: false });
    }
    expect(domain.beginRitual).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: "ws_1", improverAgentId: "imp_1" }));
    expect(domain.advanceRitual).not.toHaveBeenCalled();
  });

  it("a resume wake adopts the open ritual and drives it on", async () => {
    domain.beginRitual.mockResolvedValue({ sessionId: "s_1", started: false });
    domain.advanceRitual.mockResolvedValue({ status: "completed" });
    const { result, error } = await new InngestTestEngine({ function: createImproverRitualFunction(), events: [wakeEvent("resume")] }).execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ sessionId: "s_1", started: false, status: "completed" });
    expect(domain.advanceRitual).toHaveBeenCalledTimes(1);
    expect(domain.advanceRitual).toHaveBeenCalledWith("s_1", expect.objectContaining({ notify: expect.any(Function) }));
  });

  it("nothing to do for an agent that is not an active improver", async () => {
    domain.beginRitual.mockResolvedValue({ sessionId: null, started: false, reason: "the improver is dormant" });
    const { result } = await new InngestTestEngine({ function: createImproverRitualFunction(), events: [wakeEvent("resume")] }).execute();
    expect(result).toEqual({ sessionId: null, started: false, reason: "the improver is dormant" });
    expect(domain.advanceRitual).not.toHaveBeenCalled();
  });

  it("waits for the person's decision on this session until the proposal's deadline", async () => {
    domain.beginRitual.mockResolvedValue({ sessionId: "s_1", started: true });
    domain.advanceRitual.mockResolvedValue({ status: "awaiting_review" });
    const deadline = "2030-01-08T09:00:00.000Z";
    const engine = new InngestTestEngine({
      function: createImproverRitualFunction({ models: {}, notify: async () => undefined }),
      events: [wakeEvent("scheduled")],
      steps: [{ id: "check-1", handler: () => ({ waitUntil: deadline }) }], // the check reads the database
    });
    const { step } = await engine.executeStep("decision-1");
    expect(step).toMatchObject({ op: "WaitForEvent", name: ritualDecided.name, opts: { if: 'async.data.sessionId == "s_1"', timeout: deadline } });
    expect(domain.advanceRitual).toHaveBeenCalledTimes(1);
  });

  it("does not wait when the decision was already made (the check finds nothing pending)", async () => {
    domain.beginRitual.mockResolvedValue({ sessionId: "s_1", started: true });
    domain.advanceRitual.mockResolvedValueOnce({ status: "awaiting_review" }).mockResolvedValueOnce({ status: "completed" });
    const engine = new InngestTestEngine({
      function: createImproverRitualFunction({ models: {}, notify: async () => undefined }),
      events: [wakeEvent("scheduled")],
      steps: [{ id: "check-1", handler: () => ({ waitUntil: null }) }],
    });
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(ctx.step.waitForEvent).not.toHaveBeenCalled();
    expect(result).toEqual({ sessionId: "s_1", started: true, status: "completed" });
    expect(domain.advanceRitual).toHaveBeenCalledTimes(2);
  });
});

describe("ritual-hourly-check", () => {
  it("an hourly cron, one run at a time, 3 attempts", () => {
    const fn = createRitualHourlyCheckFunction();
    expect(HOURLY_CHECK_CRON).toBe("0 * * * *");
    expect(fn.opts).toMatchObject({ id: RITUAL_HOURLY_CHECK_ID, triggers: [{ cron: HOURLY_CHECK_CRON }], concurrency: { limit: 1 }, retries: 2 });
    expect(specOf(fn)).toMatchObject({ crons: [HOURLY_CHECK_CRON], concurrencyKey: "", retries: 2 });
  });

  it("wakes every due improver (scheduled) and every stuck ritual (resume), in one memoized step", async () => {
    const now = new Date("2030-01-01T09:00:00Z");
    domain.failStalledRituals.mockResolvedValue(2);
    domain.checkProbations.mockResolvedValue({ measured: 3, graduated: 1, harmDetected: 1 });
    domain.runHourlyCheck.mockResolvedValue({
      improversCreated: 1,
      due: [{ workspaceId: "ws_1", improverAgentId: "imp_1", templateId: "tpl_1", scheduledWakeAt: "2030-01-01T08:00:00.000Z" }],
      stuck: [{ workspaceId: "ws_2", sessionId: "s_2", improverAgentId: "imp_2", templateId: "tpl_2", why: "decided" }],
      checkedAt: "2030-01-01T09:00:12.345Z",
    });
    const engine = new InngestTestEngine({ function: createRitualHourlyCheckFunction({ now: () => now, createImprovers: false }), steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }] });
    const { result, error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(domain.runHourlyCheck).toHaveBeenCalledWith(now, { createImprovers: false });
    // Deterministic ids, deduplicated by Inngest and the outbox: the scheduled wake by improver and
    // due time, the resume by session and the check's hour.
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("fan-out", [
      { id: "ritual-wake-imp_1-2030-01-01T08:00:00.000Z", name: ritualWakeRequested.name, data: { workspaceId: "ws_1", improverAgentId: "imp_1", reason: "scheduled", templateId: "tpl_1" } },
      { id: "ritual-resume-s_2-2030-01-01T09:00:00.000Z", name: ritualWakeRequested.name, data: { workspaceId: "ws_2", improverAgentId: "imp_2", reason: "resume", templateId: "tpl_2" } },
    ]);
    expect(domain.failStalledRituals).toHaveBeenCalledWith(expect.any(Function), now);
    expect(domain.checkProbations).toHaveBeenCalledWith(now);
    expect(result).toEqual({ improversCreated: 1, due: 1, stuck: 1, stalled: 2, probations: { measured: 3, graduated: 1, harmDetected: 1 } });
  });

  it("sends nothing when nothing is due", async () => {
    domain.runHourlyCheck.mockResolvedValue({ improversCreated: 0, due: [], stuck: [], checkedAt: "2030-01-01T09:00:00.000Z" });
    domain.failStalledRituals.mockResolvedValue(0);
    domain.checkProbations.mockResolvedValue({ measured: 0, graduated: 0, harmDetected: 0 });
    const { result, ctx } = await new InngestTestEngine({ function: createRitualHourlyCheckFunction() }).execute();
    expect(domain.runHourlyCheck).toHaveBeenCalledWith(expect.any(Date), { createImprovers: true });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(result).toEqual({ improversCreated: 0, due: 0, stuck: 0, stalled: 0, probations: { measured: 0, graduated: 0, harmDetected: 0 } });
  });
});
