import { describe, expect, it } from "vitest";
import { ritualDecided, ritualWakeRequested } from "@/inngest/events";
import { embeddedFunctions, embeddedPeriodicTasks, inngestFunctions } from "@/inngest/functions";
import { createImproverRitualFunction, createImproverRitualInngestFunction, IMPROVER_RITUAL_ID } from "@/inngest/functions/improver-ritual";
import { createRitualDecisionFunction, RITUAL_DECISION_ID } from "@/inngest/functions/ritual-decision";
import { OUTBOX_RELAY_ID } from "@/inngest/functions/outbox-relay";
import { createRitualHourlyCheckFunction, HOURLY_CHECK_CRON, RITUAL_HOURLY_CHECK_ID } from "@/inngest/functions/ritual-hourly-check";

// The ritual's functions as each driver sees them (no database: the flows are tested against
// Postgres in tests/integration/rituals/jobs-*.test.ts).

const wake = { workspaceId: "ws_1", improverAgentId: "imp_1", reason: "scheduled" as const };

describe("ritual functions per driver", () => {
  it("the embedded runner runs the wake, the decision, the hourly check and the outbox relay; Inngest gets the waiting ritual and the cron", () => {
    expect(embeddedFunctions.map((f) => f.id)).toEqual(["task-agent-wake", IMPROVER_RITUAL_ID, RITUAL_DECISION_ID]);
    expect(embeddedPeriodicTasks).toEqual([
      expect.objectContaining({ name: RITUAL_HOURLY_CHECK_ID, everyMs: 3_600_000, firstAfterMs: 15_000 }),
      expect.objectContaining({ name: OUTBOX_RELAY_ID, everyMs: 5_000 }),
    ]);
    expect(inngestFunctions.map((f) => f.opts.id)).toEqual(["task-agent-wake", IMPROVER_RITUAL_ID, RITUAL_HOURLY_CHECK_ID]);
  });

  it("improver-ritual: single-flight per improver, no throttle, 4 attempts with backoff — on both drivers", () => {
    const definition = createImproverRitualFunction();
    expect(definition.event).toBe(ritualWakeRequested);
    expect(definition.key(wake)).toBe("imp_1");
    expect(definition.throttleMs).toBe(0);
    expect(definition.retry.maxAttempts).toBe(4);
    expect([1, 2, 3].map(definition.retry.backoffMs)).toEqual([30_000, 60_000, 120_000]);
    const fn = createImproverRitualInngestFunction();
    expect(fn.opts).toMatchObject({ id: IMPROVER_RITUAL_ID, triggers: [ritualWakeRequested], concurrency: { key: "event.data.improverAgentId", limit: 1 }, retries: 3 });
    expect(fn.opts.concurrency).toEqual(definition.inngest?.concurrency);
  });

  it("ritual-decision is keyed by the improver and has no Inngest form", () => {
    const definition = createRitualDecisionFunction();
    expect(definition.event).toBe(ritualDecided);
    expect(definition.key({ workspaceId: "ws_1", sessionId: "s_1", improverAgentId: "imp_1", decision: "approved" })).toBe("imp_1");
    expect(definition.throttleMs).toBe(0);
    expect(definition.inngest).toBeUndefined();
  });

  it("the hourly check is an hourly cron on Inngest, one run at a time", () => {
    const fn = createRitualHourlyCheckFunction();
    expect(HOURLY_CHECK_CRON).toBe("0 * * * *");
    expect(fn.opts).toMatchObject({ id: RITUAL_HOURLY_CHECK_ID, triggers: [{ cron: HOURLY_CHECK_CRON }], concurrency: { limit: 1 } });
  });
});
