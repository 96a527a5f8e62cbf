import "server-only";
import { db } from "@/server/db";
import { lockRitual } from "./ritual-state";

/** Statuses a ritual is in while the improver works: what a step that keeps failing leaves behind. */
const WORKING = new Set(["preparing", "analyzing", "proposing"]);

/**
 * A ritual step failed for good (its job gave up after its retries): the session ends abandoned
 * with the reason in plain words, instead of staying "analyzing" forever. A session a person is
 * deciding on, or one already ended, is left as it is. Safe to repeat.
 */
export async function failRitual(sessionId: string, reason: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (!WORKING.has(session.status)) return { status: session.status, failed: false };
    await t.proposal.updateMany({ where: { sessionId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    const outcomeNote = `The ritual could not finish: ${reason.replace(/\s+/g, " ").trim().slice(0, 400)} Run it again from the template page ("Run ritual now").`;
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: now, outcomeNote } });
    return { status: "abandoned" as const, failed: true };
  });
}
