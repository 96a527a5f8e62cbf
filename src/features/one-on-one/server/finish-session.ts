import "server-only";
import { db } from "@/server/db";
import { conflict } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { assertOpen, completeInTx, lockSession } from "./session-state";

/** Completes a session after "approve & keep talking": acknowledges the feedback it covered. */
export async function finishSession({ scope, sessionId, rating }: { scope: Scope; sessionId: string; rating: number | null }) {
  return db.$transaction(async (t) => {
    const session = await lockSession(t, scope.workspaceId, sessionId);
    assertOpen(session);
    if (session.approvedMutations === 0) throw conflict("Nothing was approved in this session. Abandon it instead.");
    await t.proposal.updateMany({ where: { sessionId, workspaceId: scope.workspaceId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    return completeInTx(t, session, rating ?? session.userRating);
  });
}
