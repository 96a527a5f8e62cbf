import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { feedbackContinueEventId, ritualResumeEventId, ritualWakeEventId } from "@/inngest/event-ids";
import { feedbackWritten } from "@/inngest/events";
import { createClassifyFeedbackFunction } from "@/inngest/functions/classify-feedback";

// Every event a function sends itself carries a deterministic id, which Inngest deduplicates on
// (and the outbox too): the same piece of work asked twice is done once.

const classify = vi.hoisted(() => vi.fn());
vi.mock("@/features/feedback/server", () => ({ classifyPendingFeedback: classify }));

describe("event ids", () => {
  it("a scheduled ritual: improver and due time; a resume: session and the check's hour", () => {
    expect(ritualWakeEventId("imp_1", new Date("2030-01-06T08:00:00Z"))).toBe("ritual-wake-imp_1-2030-01-06T08:00:00.000Z");
    expect(ritualWakeEventId("imp_1", "2030-01-06T08:00:00.000Z")).toBe(ritualWakeEventId("imp_1", new Date("2030-01-06T08:00:00Z")));
    expect(ritualResumeEventId("s_1", "2030-01-06T09:00:07.000Z")).toBe("ritual-resume-s_1-2030-01-06T09:00:00.000Z");
    expect(ritualResumeEventId("s_1", "2030-01-06T09:59:59.999Z")).toBe(ritualResumeEventId("s_1", "2030-01-06T09:00:00.000Z"));
    expect(ritualResumeEventId("s_1", "2030-01-06T10:00:00.000Z")).not.toBe(ritualResumeEventId("s_1", "2030-01-06T09:00:00.000Z"));
    expect(feedbackContinueEventId("run_1")).toBe("feedback-continue-run_1");
  });

  it("classify-feedback continues a backlog with one event per run, its id from the run", async () => {
    classify.mockResolvedValue({ pending: 40, failure: null, modelCalls: 2, labeled: 1_000 });
    const engine = new InngestTestEngine({ function: createClassifyFeedbackFunction({ cron: false, id: "classify-test" }), events: [{ name: feedbackWritten.name, data: { workspaceId: "ws_1" } }], steps: [{ id: "continue", handler: () => ({ ids: [] }) }] });
    const { error, ctx } = await engine.execute();
    expect(error).toBeUndefined();
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("continue", { id: feedbackContinueEventId(ctx.runId), name: feedbackWritten.name, data: { workspaceId: "ws_1" } });
  });
});
