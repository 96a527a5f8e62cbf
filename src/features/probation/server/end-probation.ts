import "server-only";
import { db } from "@/server/db";
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
      await t.probation.update({ where: { id: p.id }, data: { status: "promoted", endedAt: now, endedById: scope.actorUserId, outcomeNote: `Promoted before the end of its window: every instance runs v${p.version.number}.` } });
      return { status: "promoted" as const, version: p.version.number };
    }
    const moved = await t.agentTemplate.updateMany({ where: { id: p.templateId, workspaceId: scope.workspaceId, headVersionId: p.versionId }, data: { headVersionId: p.baselineVersionId } });
    if (moved.count === 0) throw conflict("The active version changed meanwhile. Reload the page.");
    await t.probation.update({ where: { id: p.id }, data: { status: "rolled_back", endedAt: now, endedById: scope.actorUserId, outcomeNote: `Rolled back to v${p.baseline.number}${p.harmDetectedAt ? " after harm was found" : ""}.` } });
    return { status: "rolled_back" as const, version: p.baseline.number };
  });
}
