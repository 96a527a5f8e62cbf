import "server-only";
import { db } from "@/server/db";
import { lockRitual, MAX_RITUAL_ROUNDS } from "./ritual-state";

/**
 * After a person's decision: an approval already completed the session (approveProposal) and a
 * rejection left it awaiting_review with no open proposal → the next round (status proposing), or
 * after MAX_RITUAL_ROUNDS rejections the session is abandoned.
 */
export async function resumeAfterDecision(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (session.status !== "awaiting_review") return { status: session.status };
    const open = await t.proposal.count({ where: { sessionId, status: { in: ["pending", "draft"] } } });
    if (open > 0) return { status: session.status };
    if (session.round + 1 >= MAX_RITUAL_ROUNDS) {
      await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: now, outcomeNote: `Rejected ${MAX_RITUAL_ROUNDS} times: the ritual ends without a new version.` } });
      return { status: "abandoned" as const };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "proposing", round: { increment: 1 }, decisionDueAt: null } });
    return { status: "proposing" as const };
  });
}
