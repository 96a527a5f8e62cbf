import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Signatures in the Standard Webhooks scheme (the one Svix, Stripe-like receivers and many
// libraries verify): headers `webhook-id`, `webhook-timestamp` (unix seconds) and
// `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed
// with the base64 part of the secret `whsec_<base64>`. Pure Node crypto.

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** A receiver refuses timestamps further than this from its clock (replays of an old body). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64");
}

export function signWebhook({ id, timestamp, body, secret }: { id: string; timestamp: number; body: string; secret: string }): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of a signed delivery. */
export function webhookHeaders({ id, body, secret, now = new Date() }: { id: string; body: string; secret: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signWebhook({ id, timestamp, body, secret }) };
}

export type WebhookVerification = { ok: true } | { ok: false; reason: string };

/** What a receiver does: the signature matches and the timestamp is recent. */
export function verifyWebhook({ headers, body, secret, now = new Date(), toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS }: { headers: Record<string, string | undefined>; body: string; secret: string; now?: Date; toleranceSeconds?: number }): WebhookVerification {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signatures = headers["webhook-signature"];
  if (!id || !signatures || !Number.isInteger(timestamp)) return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: "the timestamp is too old or in the future" };
  const expected = Buffer.from(signWebhook({ id, timestamp, body, secret }));
  const match = signatures.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true } : { ok: false, reason: "no signature matches" };
}
