import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { webhookDeliveryRequested } from "@/inngest/events";
import { createDeliverWebhookFunction, WEBHOOK_BACKOFF_MS, webhookBackoffMs } from "@/inngest/functions/deliver-webhook";

// The delivery's orchestration without a database or a receiver (each attempt's outcome is given):
// how many attempts, the waits between them, and where it stops. The attempts themselves against a
// real receiver and Postgres are tests/integration/webhooks.

const event = { name: webhookDeliveryRequested.name, data: { workspaceId: "ws_1", endpointId: "ep_1", deliveryId: "d_1" } };
const retry = (retryAfter: string | null = null) => ({ outcome: "retry", status: 503, error: "HTTP 503", retryAfter });

function engineWith(outcomes: object[]) {
  return new InngestTestEngine({
    function: createDeliverWebhookFunction(),
    events: [event],
    // The sleeps are given too: the test engine waits on a step it has no handler for.
    steps: outcomes.flatMap((o, i) => [
      { id: `attempt-${i + 1}`, handler: () => o },
      { id: `backoff-${i + 1}`, handler: () => undefined },
    ]),
  });
}

describe("deliver-webhook", () => {
  it("fails three times, then delivers: four attempts, three waits of 30 s, 2 min and 10 min", async () => {
    const { result, error, ctx } = await engineWith([retry(), retry(), retry(), { outcome: "delivered", status: 200 }]).execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ outcome: "delivered", attempts: 4 });
    expect((ctx.step.sleep as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c.slice(0, 2))).toEqual([
      ["backoff-1", 30_000],
      ["backoff-2", 120_000],
      ["backoff-3", 600_000],
    ]);
  });

  it("stops at once when the delivery is already settled (a repeated event) or given up", async () => {
    for (const outcome of [{ outcome: "settled" }, { outcome: "failed", error: "turned off" }]) {
      const { result, ctx } = await engineWith([outcome]).execute();
      expect(result).toEqual({ outcome: outcome.outcome, attempts: 1 });
      expect(ctx.step.sleep).not.toHaveBeenCalled();
    }
  });

  it("six attempts at most, with no wait after the last", async () => {
    const { result, ctx } = await engineWith(Array.from({ length: 6 }, () => retry())).execute();
    expect(result).toEqual({ outcome: "failed", attempts: 6 });
    expect(ctx.step.sleep).toHaveBeenCalledTimes(5);
  });

  it("waits the receiver's Retry-After when it asks for longer than the backoff, at most 6 h", () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(webhookBackoffMs(1, null, now)).toBe(WEBHOOK_BACKOFF_MS[0]);
    expect(webhookBackoffMs(1, "5", now)).toBe(30_000); // shorter than ours: ours
    expect(webhookBackoffMs(1, "300", now)).toBe(300_000);
    expect(webhookBackoffMs(2, "Tue, 01 Jan 2030 00:20:00 GMT", now)).toBe(1_200_000);
    expect(webhookBackoffMs(1, "999999", now)).toBe(21_600_000);
    expect(webhookBackoffMs(1, "soon", now)).toBe(30_000);
  });
});
