import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { OPEN_STATUSES } from "./lifecycle";

// People end a probation before its window: "promote" moves every instance to the new version
// now; "rollback" points the head back at the version it replaced (a version row that exists, as
// a rollback on the versions list does) and ends the probation rolled back. One transaction; a
// probation that already ended, or a head that moved meanwhile, is a 409.

export async function endProbation({ scope, probationId, action }: { scope: Scope; probationId: string; action: "promote" | "rollback" }) {
  return db.$transaction(async (t) => {
    const p = await t.probation.findFirst({
      where: { id: probationId, workspaceId: scope.workspaceId },
      select: { id: true, status: true, harmDetectedAt: true, templateId: true, versionId: true, baselineVersionId: true, version: { select: { number: true } }, baseline: { select: { number: true } } },
    });
    if (!p) throw notFound("Probation not found.");
    if (!(OPEN_STATUSES as readonly string[]).includes(p.status)) throw conflict("This probation has already ended.");
    const now = new Date();
    if (action === "promote") {
      await endOpen(t, p.id, { status: "promoted", endedAt: now, endedById: scope.actorUserId, outcomeNote: `Promoted before the end of its window: every instance runs v${p.version.number}.` });
      return { status: "promoted" as const, version: p.version.number };
    }
    const moved = await t.agentTemplate.updateMany({ where: { id: p.templateId, workspaceId: scope.workspaceId, headVersionId: p.versionId }, data: { headVersionId: p.baselineVersionId } });
    if (moved.count === 0) throw conflict("The active version changed meanwhile. Reload the page.");
    await endOpen(t, p.id, { status: "rolled_back", endedAt: now, endedById: scope.actorUserId, outcomeNote: `Rolled back to v${p.baseline.number}${p.harmDetectedAt ? " after harm was found" : ""}.` });
    return { status: "rolled_back" as const, version: p.baseline.number };
  });
}

/**
 * Ends the probation only if it is still open (one conditional update): of two people ending it at
 * once, the second waits for the first's commit, finds it ended and gets a 409 (its rollback's head
 * move is undone with its transaction).
 */
async function endOpen(t: Tx, id: string, data: Prisma.ProbationUncheckedUpdateManyInput) {
  const ended = await t.probation.updateMany({ where: { id, status: { in: [...OPEN_STATUSES] } }, data });
  if (ended.count === 0) throw conflict("This probation has already ended.");
}
