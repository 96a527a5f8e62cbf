import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { IDEMPOTENCY_TTL_MS } from "../limits";

// Idempotent writes (header Idempotency-Key). A request first *claims* its key by inserting a
// pending record; the unique index (apiKeyId, key) decides between concurrent duplicates, so only
// one of them runs the handler. The winner stores its response; a failure releases the claim (the
// service's transaction rolled back, so running again is safe). Only successful responses are
// replayed.

/** `status` of a claimed record whose request is still running. */
const PENDING = 0;

export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: Prisma.JsonValue }
  | { kind: "mismatch" }
  | { kind: "inProgress" };

type KeyRef = { apiKeyId: string; key: string };

/** The request a key was first used for: method, path and the exact body bytes. */
export function hashIdempotentRequest({ method, path, body }: { method: string; path: string; body: string }): string {
  return createHash("sha256").update(`${method.toUpperCase()}\n${path}\n${body}`).digest("hex");
}

export async function claimIdempotencyKey({ apiKeyId, key, requestHash, now = new Date() }: KeyRef & { requestHash: string; now?: Date }): Promise<IdempotencyClaim> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  // Two rounds: the record we collided with may expire or be released between insert and read.
  for (let round = 0; round < 2; round++) {
    const inserted = await db.idempotencyRecord.createMany({
      data: [{ apiKeyId, key, requestHash, status: PENDING, response: {}, createdAt: now }],
      skipDuplicates: true,
    });
    if (inserted.count === 1) return { kind: "claimed" };

    const existing = await db.idempotencyRecord.findUnique({
      where: { apiKeyId_key: { apiKeyId, key } },
      select: { id: true, requestHash: true, status: true, response: true, createdAt: true },
    });
    if (!existing) continue;
    if (existing.createdAt < expiredBefore) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: { lt: expiredBefore } } });
      continue;
    }
    if (existing.requestHash !== requestHash) return { kind: "mismatch" };
    if (existing.status === PENDING) return { kind: "inProgress" };
    return { kind: "replay", status: existing.status, body: existing.response };
  }
  return { kind: "inProgress" };
}

/** Stores the response of a claimed key, and sweeps expired records (an index range on createdAt). */
export async function completeIdempotencyKey({ apiKeyId, key, status, body, now = new Date() }: KeyRef & { status: number; body: Prisma.InputJsonValue; now?: Date }) {
  await db.idempotencyRecord.updateMany({ where: { apiKeyId, key, status: PENDING }, data: { status, response: body } });
  await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } } });
}

/** Gives a claimed key back after the request failed, so the client may retry with the same key. */
export async function releaseIdempotencyKey({ apiKeyId, key }: KeyRef) {
  await db.idempotencyRecord.deleteMany({ where: { apiKeyId, key, status: PENDING } });
}
