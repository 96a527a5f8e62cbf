import "server-only";
import { db } from "@/server/db";
import { RATE_WINDOW_MS } from "../limits";

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request of `apiKeyId` in the current fixed one-minute window. The counter lives in
 * Postgres (ApiRateWindow) so the limit holds across app instances; one upsert both increments
 * and reads it, so concurrent requests cannot slip past the limit together.
 */
export async function consumeRateLimit({ apiKeyId, limit, now = new Date() }: { apiKeyId: string; limit: number; now?: Date }): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "ApiRateWindow" ("apiKeyId", "windowStart", "count") VALUES (${apiKeyId}, ${windowStart}, 1)
    ON CONFLICT ("apiKeyId", "windowStart") DO UPDATE SET "count" = "ApiRateWindow"."count" + 1
    RETURNING "count"`;
  if (row.count === 1) {
    // The first request of a window retires the key's older windows: at most one row per key stays.
    await db.apiRateWindow.deleteMany({ where: { apiKeyId, windowStart: { lt: windowStart } } });
  }
  if (row.count <= limit) return { allowed: true, remaining: limit - row.count };
  const retryAfterMs = windowStart.getTime() + RATE_WINDOW_MS - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}
