import "server-only";
import { db } from "@/server/db";

// Rate limits kept in Postgres, so they hold across processes and restarts: one RateLimitEvent row
// per use, counted per key inside a sliding window. Taking a slot is one transaction under an
// advisory lock on the key: twenty parallel requests for the last slot get one "yes".

export type RateLimit = { max: number; windowMs: number };
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Uses one slot of `key` if one is free in the window (and forgets the key's older uses). */
export async function takeRateLimitSlot(key: string, { max, windowMs }: RateLimit, now = new Date()): Promise<RateLimitResult> {
  const since = new Date(now.getTime() - windowMs);
  return db.$transaction(async (t) => {
    await t.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`;
    await t.rateLimitEvent.deleteMany({ where: { key, createdAt: { lt: since } } });
    const recent = await t.rateLimitEvent.findMany({ where: { key, createdAt: { gte: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
    if (recent.length >= max) return { allowed: false as const, retryAfterMs: recent[0]!.createdAt.getTime() + windowMs - now.getTime() };
    await t.rateLimitEvent.create({ data: { key, createdAt: now } });
    return { allowed: true as const };
  });
}

/** Whether `key` has a slot left, without taking it (for a friendly message before the real take). */
export async function hasRateLimitSlot(key: string, { max, windowMs }: RateLimit, now = new Date()) {
  return (await db.rateLimitEvent.count({ where: { key, createdAt: { gte: new Date(now.getTime() - windowMs) } } })) < max;
}
