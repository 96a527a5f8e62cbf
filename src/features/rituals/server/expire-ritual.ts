import "server-only";
import { resolveNotifications, sessionSubject } from "@/features/notifications/server";
import { db } from "@/server/db";
import { lockRitual } from "./ritual-state";

/** Nobody decided within DECISION_TIMEOUT_MS: the session is abandoned (the caller sends the reminder). */
export async function expireRitual(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (session.status !== "awaiting_review" || !session.decisionDueAt || session.decisionDueAt > now) return { status: session.status, expired: false };
    await t.proposal.updateMany({ where: { sessionId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: now, outcomeNote: "Nobody decided within 7 days." } });
    await resolveNotifications(t, { workspaceId: session.workspaceId, subjects: [sessionSubject(sessionId)], resolution: "expired", resolvedById: null, at: now });
    return { status: "abandoned" as const, expired: true };
  });
}
