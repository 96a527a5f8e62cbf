import "server-only";
import { db } from "@/server/db";
import { RATE_WINDOW_MS } from "../limits";

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

// The counter lives in Postgres (ApiRateWindow) so the limit holds across app instances; one
// upsert both adds and reads it, so concurrent requests cannot slip past the limit together. A busy
// key (an agent polling its directives many times a second) would pay that upsert on every
// request, so a process takes its requests in small blocks: it adds a block to the window's count
// at once and answers from what it took until the block is used up. Blocks are 1/20 of the limit
// (1 to 10 requests): a small limit is counted exactly, and across instances a key can lose at most
// a block per instance per minute to requests taken but not made — never get more than its limit.

type Lease = { windowStart: number; left: number; remaining: number };
const leases = new Map<string, Lease>();
const LEASES_MAX = 10_000;

export const blockOf = (limit: number) => Math.min(10, Math.max(1, Math.floor(limit / 20)));

/** Counts one request of `apiKeyId` in the current fixed one-minute window. */
export async function consumeRateLimit({ apiKeyId, limit, now = new Date() }: { apiKeyId: string; limit: number; now?: Date }): Promise<RateLimitResult> {
  const windowStart = Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  const lease = leases.get(apiKeyId);
  if (lease && lease.windowStart === windowStart && lease.left > 0) {
    lease.left--;
    return { allowed: true, remaining: lease.remaining + lease.left };
  }
  const block = blockOf(limit);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "ApiRateWindow" ("apiKeyId", "windowStart", "count") VALUES (${apiKeyId}, ${new Date(windowStart)}, ${block})
    ON CONFLICT ("apiKeyId", "windowStart") DO UPDATE SET "count" = "ApiRateWindow"."count" + ${block}
    RETURNING "count"`;
  if (row.count === block) {
    // The first block of a window retires the key's older windows: at most one row per key stays.
    await db.apiRateWindow.deleteMany({ where: { apiKeyId, windowStart: { lt: new Date(windowStart) } } });
  }
  // Of the block just taken, what fits under the limit.
  const granted = Math.max(0, Math.min(block, limit - (row.count - block)));
  if (granted === 0) {
    leases.delete(apiKeyId);
    const retryAfterMs = windowStart + RATE_WINDOW_MS - now.getTime();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }
  if (leases.size >= LEASES_MAX) leases.clear();
  const remaining = Math.max(0, limit - row.count);
  leases.set(apiKeyId, { windowStart, left: granted - 1, remaining });
  return { allowed: true, remaining: remaining + granted - 1 };
}
