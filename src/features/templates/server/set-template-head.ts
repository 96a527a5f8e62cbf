import "server-only";
import { onHeadMoved } from "@/features/probation/server";
import { stageVersionPromoted } from "@/features/webhooks/server";
import { db } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import { lockOrConflict } from "@/server/row-lock";
import type { Scope } from "@/server/scope";

/**
 * Promote or roll back: points the head at an existing version of the same template. Version rows
 * are never edited; every instance resolves the head at its next run. An open probation ends
 * (rolled back when the head returns to its baseline); moving forward to a newer version (a
 * re-promote) starts a probation of it against the head it replaces (probation/server/lifecycle.ts).
 */
export async function setTemplateHead({ scope, templateId, versionId }: { scope: Scope; templateId: string; versionId: string }) {
  return db.$transaction(async (tx) => {
    const version = await tx.templateVersion.findFirst({
      where: { id: versionId, templateId, workspaceId: scope.workspaceId },
      select: { id: true, number: true, directives: true },
    });
    if (!version) throw notFound("Version not found.");
    // The template row, NOWAIT: of several people promoting (or rolling back) at once, one moves
    // the head and the others get a 409 at once rather than queueing on the row.
    const locked = await lockOrConflict(
      tx.$queryRaw<{ headVersionId: string | null }[]>`
        SELECT "headVersionId" FROM "AgentTemplate" WHERE "id" = ${templateId} AND "workspaceId" = ${scope.workspaceId} FOR UPDATE NOWAIT`,
      "Someone is changing this template's active version right now. Reload the page.",
    );
    const template = locked[0];
    // The head it replaces (its number says whether this move goes forward: a re-promote).
    const head = template?.headVersionId ? await tx.templateVersion.findFirst({ where: { id: template.headVersionId, workspaceId: scope.workspaceId }, select: { id: true, number: true } }) : null;
    if (!template) throw notFound("Template not found.");
    if (template.headVersionId === version.id) throw conflict(`Version ${version.number} is already active.`);
    await tx.agentTemplate.update({ where: { id: templateId, workspaceId: scope.workspaceId }, data: { headVersionId: version.id } });
    await onHeadMoved(tx, { workspaceId: scope.workspaceId, templateId, head: version, previousHead: head, actorUserId: scope.actorUserId });
    await stageVersionPromoted(tx, { workspaceId: scope.workspaceId, templateId, version, previousId: template.headVersionId });
    return { templateId, versionId: version.id, number: version.number };
  });
}
