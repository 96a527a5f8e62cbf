/**
 * deliver-webhook — sends one webhook delivery to the team's endpoint (features/webhooks).
 *
 * Trigger: `webhook/delivery.requested` { workspaceId, endpointId, deliveryId }, staged with the
 * delivery in the transaction of what caused it (a version promoted) or just after it (a ritual's
 * proposal, a probation's verdict, "Send test event").
 *
 * Steps: `attempt-1` … `attempt-6`, each one POST (attemptWebhookDelivery: signed, 10 s timeout,
 * the result recorded on the delivery), with `backoff-N` sleeps between them: 30 s, 2 min, 10 min,
 * 1 h, 6 h — or the receiver's Retry-After when it asks for longer (at most 6 h). A delivered or
 * failed delivery ends the run; a repeated event finds it settled and sends nothing.
 *
 * Flow control: one attempt at a time per endpoint (concurrency keyed by endpoint), so a dead
 * endpoint (every attempt waits out its 10 s timeout) holds up only its own deliveries, never
 * another endpoint's; a sleeping run holds nothing. Retries 0: an attempt records its own failure,
 * and the sleeps are the retries.
 */
import { retryAfterMs } from "@/lib/retry-after";
import { inngest } from "../client";
import { webhookDeliveryRequested } from "../events";
import { DELIVER_WEBHOOK_ID } from "./ids";

export { DELIVER_WEBHOOK_ID };

/** The waits after attempts 1…5. */
export const WEBHOOK_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
const MAX_WAIT_MS = 21_600_000;

/** The wait before the next attempt: ours, or the receiver's Retry-After (seconds or an HTTP date) when longer. */
export function webhookBackoffMs(attempt: number, retryAfter: string | null, now = Date.now()): number {
  const ours = WEBHOOK_BACKOFF_MS[Math.min(attempt - 1, WEBHOOK_BACKOFF_MS.length - 1)];
  const theirs = retryAfter ? retryAfterMs(retryAfter, now) : null;
  return theirs === null ? ours : Math.min(MAX_WAIT_MS, Math.max(ours, theirs));
}

export function createDeliverWebhookFunction({ id = DELIVER_WEBHOOK_ID, attempts = WEBHOOK_BACKOFF_MS.length + 1 }: { id?: string; attempts?: number } = {}) {
  return inngest.createFunction(
    { id, triggers: [webhookDeliveryRequested], concurrency: { key: "event.data.endpointId", limit: 1 }, retries: 0 },
    async ({ event, step }) => {
      const { workspaceId, deliveryId } = event.data;
      for (let n = 1; n <= attempts; n++) {
        const result = await step.run(`attempt-${n}`, async () => {
          const { attemptWebhookDelivery } = await import("@/features/webhooks/server");
          return attemptWebhookDelivery({ workspaceId, deliveryId });
        });
        if (result.outcome !== "retry") return { outcome: result.outcome, attempts: n };
        if (n < attempts) await step.sleep(`backoff-${n}`, webhookBackoffMs(n, result.retryAfter));
      }
      return { outcome: "failed", attempts };
    },
  );
}

export const deliverWebhook = createDeliverWebhookFunction();
