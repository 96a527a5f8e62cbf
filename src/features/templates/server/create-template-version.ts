import "server-only";
import { onVersionPromoted } from "@/features/probation/server";
import { stageVersionPromoted } from "@/features/webhooks/server";
import type { AuthoredBy } from "@/generated/prisma/client";
import { inTransaction, type Tx } from "@/server/db";
import { conflict, forbidden, isUniqueViolation, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

export type CreateVersionOptions = {
  scope: Scope;
  templateId: string;
  directives: string;
  authoredBy: AuthoredBy;
  rationale?: string | null;
  /** Defaults to the current head: the version this one was derived from. */
  parentVersionId?: string | null;
};

/**
 * The single write path of template versions: in one transaction, lock the template row, take
 * the next number, insert the (immutable) version and move the head to it. The row lock
 * serialises concurrent creates, so numbers have no gaps or duplicates; should the unique index
 * still fire, the caller gets a Conflict, never a duplicate. The new head starts a probation
 * against the one it replaced (features/probation), in the same transaction.
 */
export async function createTemplateVersion(options: CreateVersionOptions, tx?: Tx) {
  const run = async (t: Tx) => {
    const { scope, templateId } = options;
    const locked = await t.$queryRaw<{ id: string; headVersionId: string | null; level: number }[]>`
      SELECT "id", "headVersionId", "level" FROM "AgentTemplate"
      WHERE "id" = ${templateId} AND "workspaceId" = ${scope.workspaceId} FOR UPDATE`;
    const template = locked[0];
    if (!template) throw notFound("Template not found.");
    // Depth policy: level-2 templates are curated by people; no agent writes them.
    if (template.level >= 2 && options.authoredBy === "agent") throw forbidden("Level-2 templates are edited by people only.");
    const last = await t.templateVersion.aggregate({ where: { templateId }, _max: { number: true } });
    const version = await t.templateVersion.create({
      data: {
        workspaceId: scope.workspaceId,
        templateId,
        number: (last._max.number ?? 0) + 1,
        directives: options.directives,
        authoredBy: options.authoredBy,
        authorUserId: options.authoredBy === "user" ? scope.actorUserId : null,
        rationale: options.rationale ?? null,
        parentVersionId: options.parentVersionId === undefined ? template.headVersionId : options.parentVersionId,
      },
    });
    await t.agentTemplate.update({ where: { id: templateId, workspaceId: scope.workspaceId }, data: { headVersionId: version.id } });
    await onVersionPromoted(t, { workspaceId: scope.workspaceId, templateId, version, previousHeadId: template.headVersionId, actorUserId: scope.actorUserId });
    // A template's first version is its creation, not a promotion.
    if (template.headVersionId) await stageVersionPromoted(t, { workspaceId: scope.workspaceId, templateId, version, previousId: template.headVersionId });
    return version;
  };
  try {
    return await inTransaction(tx, run);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("Another version was created at the same moment. Try again.");
    throw e;
  }
}
