import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { appEvents, type AppEvent } from "./events";
import { inngest, inngestEnabled } from "./client";
import { getLocalDispatcher } from "./local/dispatcher";

// The transactional outbox: an event is written in the same transaction as the change that causes
// it (`stageEvent`), so a committed change always has its event, and a rolled-back one never does.
// The relay (`deliverOutbox`) hands staged events to the configured driver — an Inngest server or
// the local executor, with the row id as the event id so a re-delivery is deduplicated — and marks
// them sent. It runs right after the writing request commits and on a timer, so an event whose
// first delivery failed (the driver was down) is delivered later. A failed delivery is never the person's error: the change
// is committed.

const BATCH = 100;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Validates and writes the event in the caller's transaction; returns its id (the event id on both
 * drivers). An `id` of the caller's (deterministic, e.g. `ritual-wake-<improver>-<due time>`) makes
 * a second write of the same event a no-op, as Inngest ignores a second event with an id it has.
 */
export async function stageEvent(t: Tx, event: AppEvent, { id }: { id?: string } = {}): Promise<string> {
  const data = appEvents[event.name].schema.parse(event.data) as Prisma.InputJsonValue;
  if (id) {
    await t.outboxEvent.createMany({ data: [{ id, name: event.name, data }], skipDuplicates: true });
    return id;
  }
  const row = await t.outboxEvent.create({ data: { name: event.name, data }, select: { id: true } });
  return row.id;
}

async function deliver(row: { id: string; name: string; data: unknown }) {
  const name = row.name as AppEvent["name"];
  const definition = appEvents[name];
  if (!definition) throw new Error(`unknown event "${row.name}"`);
  const data = definition.schema.parse(row.data);
  // The row id is the event id on both drivers: a re-delivery is deduplicated.
  if (inngestEnabled) await inngest.send({ id: row.id, name, data });
  else await getLocalDispatcher()([{ id: row.id, name, data }]);
}

/** How long a relay's claim on the rows it is delivering keeps other relays off them. */
const CLAIM_MS = 60_000;

/**
 * Delivers what is due, oldest first — or only the events `ids` names (a request delivering what it
 * just wrote); several processes may relay at once. Never throws: a failure is recorded on the row
 * and retried with backoff.
 *
 * The rows are claimed by one statement (SKIP LOCKED, their `availableAt` pushed CLAIM_MS ahead so
 * another relay leaves them alone), then delivered with no transaction open: the local executor
 * writes its runs through the same pool, and a relay that held a connection in a transaction while
 * dispatch asked for another starved the pool under a burst (pool-size relays at once, each waiting
 * for an 11th connection). A relay that dies mid-delivery leaves its rows to be delivered again once
 * the claim lapses; the row id is the event id, so the driver deduplicates it.
 */
export async function deliverOutbox({ now = () => new Date(), limit = BATCH, ids }: { now?: () => Date; limit?: number; ids?: string[] } = {}) {
  let sent = 0;
  let failed = 0;
  try {
    const at = now();
    const rows = await db.$queryRaw<{ id: string; name: string; data: unknown; attempts: number; createdAt: Date }[]>`
      UPDATE "OutboxEvent" o SET "availableAt" = ${new Date(at.getTime() + CLAIM_MS)}
      FROM (
        SELECT "id" FROM "OutboxEvent"
        WHERE "sentAt" IS NULL AND "availableAt" <= ${at} ${ids ? Prisma.sql`AND "id" = ANY(${ids})` : Prisma.empty}
        ORDER BY "createdAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) due
      WHERE o."id" = due."id"
      RETURNING o."id", o."name", o."data", o."attempts", o."createdAt"`;
    rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    for (const row of rows) {
      try {
        await deliver(row);
        await db.outboxEvent.update({ where: { id: row.id }, data: { sentAt: now(), availableAt: at, attempts: row.attempts + 1, lastError: null } });
        sent++;
      } catch (e) {
        failed++;
        const backoff = Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** row.attempts);
        await db.outboxEvent.update({ where: { id: row.id }, data: { attempts: row.attempts + 1, lastError: String((e as Error).message ?? e).slice(0, 500), availableAt: new Date(now().getTime() + backoff) } });
        logger.warn("outbox: delivery failed, will retry", { eventId: row.id, event: row.name, attempt: row.attempts + 1, ...errorFields(e) });
      }
    }
  } catch (e) {
    logger.error("outbox: relay failed", errorFields(e));
  }
  return { sent, failed };
}

const RETENTION_MS = 7 * 24 * 3_600_000;

/** Deletes delivered events older than a week (the relay's periodic run calls it). */
export async function pruneOutbox(now = new Date()) {
  return db.outboxEvent.deleteMany({ where: { sentAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
}
