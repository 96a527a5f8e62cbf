import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS } from "../events";
import { webhookUrlProblem } from "./address-policy";
import { allowPrivateWebhookTargets } from "./endpoints";
import { postWebhook, type SendResult } from "./send";
import { webhookHeaders } from "./signing";

export type AttemptEntry = { at: string; status: number; ms: number; error?: string };

export type AttemptOutcome =
  /** Delivered now (2xx). */
  | { outcome: "delivered"; status: number }
  /** Not delivered; try again (after `retryAfter` when the receiver named it). */
  | { outcome: "retry"; status: number; error: string; retryAfter: string | null }
  /** Given up: the last attempt failed, or the endpoint is gone or turned off. */
  | { outcome: "failed"; error: string }
  /** Nothing to do: already delivered or failed (a repeated job). */
  | { outcome: "settled" };

/**
 * One attempt of a delivery: POSTs the stored payload, signed, and records what came back. The
 * workflow function (inngest/functions/deliver-webhook.ts) calls it once per try and retries on
 * "retry" with the engine's backoff; every attempt carries the same `webhook-id` (the delivery's
 * id), so a receiver that saw it succeed can drop a repeat. Only a pending delivery is attempted,
 * and the result is written only if it is still pending: once delivered, never sent again.
 */
export async function attemptWebhookDelivery({ workspaceId, deliveryId, now = () => new Date(), timeoutMs = WEBHOOK_TIMEOUT_MS }: { workspaceId: string; deliveryId: string; now?: () => Date; timeoutMs?: number }): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, workspaceId },
    select: { id: true, status: true, attempts: true, payload: true, attemptLog: true, endpoint: { select: { url: true, secret: true, enabled: true } } },
  });
  if (!delivery || delivery.status !== "pending") return { outcome: "settled" };
  if (!delivery.endpoint.enabled) {
    await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: "pending" }, data: { status: "failed", lastError: "The webhook was turned off before it was sent." } });
    return { outcome: "failed", error: "turned off" };
  }

  const body = JSON.stringify(delivery.payload);
  const started = now();
  const allowPrivate = allowPrivateWebhookTargets();
  const problem = webhookUrlProblem(delivery.endpoint.url, { allowPrivate });
  const result: SendResult = problem
    ? { status: 0, error: problem }
    : await postWebhook({ url: delivery.endpoint.url, body, headers: webhookHeaders({ id: delivery.id, body, secret: delivery.endpoint.secret, now: started }), timeoutMs, allowPrivate });
  const ms = now().getTime() - started.getTime();
  const ok = result.status >= 200 && result.status < 300;
  const error = ok ? null : "error" in result ? result.error : `HTTP ${result.status}${result.body ? `: ${result.body.slice(0, 200)}` : ""}`;
  const attempts = delivery.attempts + 1;
  const last = ok || problem !== null || attempts >= WEBHOOK_MAX_ATTEMPTS;
  const entry: AttemptEntry = { at: started.toISOString(), status: result.status, ms, ...(error ? { error } : {}) };
  const log = [...(Array.isArray(delivery.attemptLog) ? (delivery.attemptLog as AttemptEntry[]) : []), entry].slice(-WEBHOOK_MAX_ATTEMPTS);
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending" },
    data: {
      attempts,
      lastStatusCode: result.status || null,
      lastError: error,
      lastAttemptAt: started,
      attemptLog: log as unknown as Prisma.InputJsonValue,
      ...(ok ? { status: "delivered", deliveredAt: now() } : last ? { status: "failed" } : {}),
    },
  });
  if (ok) return { outcome: "delivered", status: result.status };
  if (last) return { outcome: "failed", error: error ?? "failed" };
  return { outcome: "retry", status: result.status, error: error ?? "failed", retryAfter: "retryAfter" in result ? result.retryAfter : null };
}
