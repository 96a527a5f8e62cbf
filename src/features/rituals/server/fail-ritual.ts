import "server-only";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { advanceRitual } from "./advance-ritual";
import { lockRitual, type Notifier } from "./ritual-state";

/** Statuses a ritual is in while the improver works: what a step that keeps failing leaves behind. */
const WORKING = ["preparing", "analyzing", "proposing"] as const;

/**
 * A ritual working longer than this without a step moving it on has nobody driving it any more
 * (the job runner stopped, or a step is stuck): the hourly check ends it failed. A step's retries
 * take minutes, so a live run never gets near it.
 */
export const STALLED_AFTER_MS = 60 * 60_000;

/** The reason in one plain sentence, short enough for a notification. */
const plainReason = (reason: string) => {
  const text = reason.replace(/\s+/g, " ").trim().slice(0, 400);
  if (!text) return "The improver kept failing.";
  return /[.!?…]$/.test(text) ? text : `${text}.`;
};

/**
 * A ritual step failed for good (its job gave up after its retries, or nobody drove it past
 * STALLED_AFTER_MS): the session ends `failed` with the reason in plain words, instead of staying
 * "analyzing" forever; its open proposals are superseded. A session a person is deciding on, or one
 * already ended, is left as it is. Safe to repeat: `failed` says whether this call ended it.
 */
export async function failRitual(sessionId: string, reason: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (!(WORKING as readonly string[]).includes(session.status)) return { status: session.status, failed: false };
    await t.proposal.updateMany({ where: { sessionId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "failed", completedAt: now, outcomeNote: plainReason(reason) } });
    return { status: "failed" as const, failed: true };
  });
}

/** Rituals still working with no progress for STALLED_AFTER_MS. */
export async function findStalledRituals(now = new Date(), limit = 500) {
  return db.evolutionSession.findMany({
    where: { origin: "ritual", status: { in: [...WORKING] }, updatedAt: { lte: new Date(now.getTime() - STALLED_AFTER_MS) } },
    orderBy: { updatedAt: "asc" },
    take: limit,
    select: { id: true, workspaceId: true, status: true, updatedAt: true },
  });
}

/**
 * The hourly check's sweep: every stalled ritual ends failed ("made no progress since …") and its
 * members are told once. Returns how many it ended.
 */
export async function failStalledRituals(notify: Notifier, now = new Date()) {
  let ended = 0;
  for (const s of await findStalledRituals(now)) {
    const minutes = Math.round((now.getTime() - s.updatedAt.getTime()) / 60_000);
    const result = await failRitual(s.id, `The improver made no progress for ${minutes} minutes while ${s.status}: the job running it stopped.`, now);
    if (!result.failed) continue;
    ended++;
    // Tells the members once and writes the post-ritual update (no model call on an ended ritual).
    await advanceRitual(s.id, { notify, now: () => now }).catch((e: unknown) => logger.warn("rituals: could not finish a stalled ritual", { sessionId: s.id, ...errorFields(e) }));
  }
  return ended;
}
