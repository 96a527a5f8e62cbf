import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/env";

// Email deep links carry `?n=<notificationId>&sig=<hmac>`: the review page can tell that the link
// was issued for this user and mark the notification read without trusting the query string.
// The key is AUTH_SECRET, the secret Auth.js signs with (`npm run dev` provides a stable one from
// .data/auth-secret; `npm start` refuses to run without it).

// Only tests and a bare `next dev` run without AUTH_SECRET; never production.
const NON_PRODUCTION_FALLBACK = "agent-coach-notifications-not-a-secret";

function secret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") throw new Error("AUTH_SECRET is required to sign notification links.");
  return NON_PRODUCTION_FALLBACK;
}

const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url without padding

export function signNotificationLink(notificationId: string, userId: string): string {
  return createHmac("sha256", secret()).update(`${notificationId}.${userId}`).digest("base64url");
}

export function verifyNotificationSignature(notificationId: string, userId: string, sig: string): boolean {
  if (typeof sig !== "string" || !SIG_PATTERN.test(sig)) return false;
  if (typeof notificationId !== "string" || typeof userId !== "string" || !notificationId || !userId) return false;
  // Compared as text, not decoded bytes: base64url decoding ignores the last character's spare bits.
  const expected = Buffer.from(signNotificationLink(notificationId, userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
