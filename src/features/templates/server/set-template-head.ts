import "server-only";
import { onHeadMoved } from "@/features/probation/server";
import { db } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
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
    const template = await tx.agentTemplate.findFirst({ where: { id: templateId, workspaceId: scope.workspaceId }, select: { headVersionId: true, head: { select: { id: true, number: true } } } });
    if (!template) throw notFound("Template not found.");
    if (template.headVersionId === version.id) throw badRequest(`Version ${version.number} is already active.`);
    await tx.agentTemplate.update({ where: { id: templateId, workspaceId: scope.workspaceId }, data: { headVersionId: version.id } });
    await onHeadMoved(tx, { workspaceId: scope.workspaceId, templateId, head: version, previousHead: template.head, actorUserId: scope.actorUserId });
    return { templateId, versionId: version.id, number: version.number };
  });
}
