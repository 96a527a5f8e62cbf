import "server-only";
import { Prisma, type EvolutionSession } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { conflict, forbidden, notFound } from "@/server/errors";
import { lockOrConflict } from "@/server/row-lock";
import type { Scope } from "@/server/scope";
import { isOpen, OPEN_STATUSES } from "../status";

// Evolution sessions (interactive one-on-ones and rituals): the locks and state checks every
// operation on a session shares (start-, abandon-, finish-session; the proposal operations). The session fixes the
// feedback window it looks at — (sinceCounter, coveredUntilCounter] — when it starts; completing
// it acknowledges coveredUntilCounter, so the next session starts where this one stopped.

/** Locks the template row (scoped) so session numbers and "one open session" are race-free. */
export async function lockTemplate(t: Tx, scope: Pick<Scope, "workspaceId">, templateId: string) {
  const rows = await t.$queryRaw<{ id: string; level: number }[]>`
    SELECT "id", "level" FROM "AgentTemplate" WHERE "id" = ${templateId} AND "workspaceId" = ${scope.workspaceId} FOR UPDATE`;
  if (!rows[0]) throw notFound("Template not found.");
  // Depth policy: nothing improves a level-2 template (recursion capped at 2).
  if (rows[0].level >= 2) throw forbidden("Level-2 templates are edited by people only: they have no improver to talk to.");
}

/**
 * Locks one session row of the workspace; services that change a session go through here. With
 * `busy`, the lock is taken NOWAIT: while another transaction holds the session (someone deciding
 * at the same instant) the caller gets a 409 with that message at once (`lockOrConflict`).
 */
export async function lockSession(t: Tx, workspaceId: string, sessionId: string, { busy }: { busy?: string } = {}): Promise<EvolutionSession> {
  const query = t.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "EvolutionSession" WHERE "id" = ${sessionId} AND "workspaceId" = ${workspaceId} FOR UPDATE ${busy ? Prisma.sql`NOWAIT` : Prisma.empty}`;
  const rows = busy ? await lockOrConflict(query, busy) : await query;
  if (!rows[0]) throw notFound("Session not found.");
  return t.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
}

export function assertOpen(session: EvolutionSession) {
  if (session.status === "completed") throw conflict("This session is already completed.");
  if (session.status === "abandoned") throw conflict("This session was abandoned.");
  if (session.status === "failed") throw conflict("This ritual failed: run it again, or open a new one-on-one.");
  if (!isOpen(session.status)) throw conflict("This session has ended.");
}

export async function getOpenSession(workspaceId: string, templateId: string) {
  return findOpenSession(db, workspaceId, templateId);
}

/** The template's open session (any origin), under the caller's template lock. */
export function findOpenSession(t: Tx, workspaceId: string, templateId: string) {
  return t.evolutionSession.findFirst({ where: { workspaceId, templateId, status: { in: [...OPEN_STATUSES] } }, orderBy: { sessionNumber: "desc" } });
}

/** Completes a session (its rating; acknowledges the feedback it covered), under the caller's lock. */
export function completeInTx(t: Tx, session: EvolutionSession, rating: number | null) {
  return t.evolutionSession.update({
    where: { id: session.id },
    data: { status: "completed", completedAt: new Date(), userRating: rating, lastAcknowledgedCounter: session.coveredUntilCounter },
  });
}
