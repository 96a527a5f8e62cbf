import "server-only";
import { resolveNotifications, sessionSubject } from "@/features/notifications/server";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import { assertOpen, lockSession } from "./session-state";

/** Ends a session with nothing approved (or after approvals, without a rating): no version. */
export async function abandonSession({ scope, sessionId }: { scope: Scope; sessionId: string }) {
  return db.$transaction(async (t) => {
    const session = await lockSession(t, scope.workspaceId, sessionId);
    assertOpen(session);
    await t.proposal.updateMany({ where: { sessionId, workspaceId: scope.workspaceId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    // A review still asked for is closed without a decision, by the person who ended the session.
    await resolveNotifications(t, { workspaceId: scope.workspaceId, subjects: [sessionSubject(sessionId)], resolution: "closed", resolvedById: scope.actorUserId });
    return t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: new Date() } });
  });
}
