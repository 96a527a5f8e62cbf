import "server-only";
import { Prisma, type TemplateKind } from "@/generated/prisma/client";
import { createTemplateVersion } from "@/features/templates/server";
import { db, type Tx } from "@/server/db";
import { forbidden, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { IMPROVER_DIRECTIVES, IMPROVER_TEMPLATE_NAME, META_DIRECTIVES, META_TEMPLATE_NAME, improverDisplayName, improverSlots, improverTemplateDescription, type ImproverSlots } from "../improver-defaults";
import { DEFAULT_SCHEDULE, nextRitualAt, scheduleOf, type Cadence } from "../schedule";

export { IMPROVER_DIRECTIVES, IMPROVER_TEMPLATE_NAME, META_DIRECTIVES, META_TEMPLATE_NAME, type ImproverSlots };

// Improvers are first-class agents: one level-1 improver per task template
// (weekly) and one level-2 meta-improver per workspace, improving the level-1 improver template
// (monthly). Level-2 templates change only by hand: nothing improves them (depth capped at 2).

export const MAX_IMPROVER_LEVEL = 2;

export const cadenceOf = (kind: TemplateKind): Cadence => (kind === "metaImprover" ? "monthly" : "weekly");

/** The level-1 and level-2 templates of a workspace, created with version 1 when missing. */
export async function ensureImproverTemplates(t: Tx, scope: Scope) {
  const ensure = async (kind: "templateImprover" | "metaImprover", name: string, directives: string) => {
    const found = await t.agentTemplate.findFirst({ where: { workspaceId: scope.workspaceId, kind }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (found) return found.id;
    const template = await t.agentTemplate.create({
      data: { workspaceId: scope.workspaceId, name, kind, level: kind === "metaImprover" ? 2 : 1, description: improverTemplateDescription[kind] },
    });
    await createTemplateVersion({ scope, templateId: template.id, directives, authoredBy: "system", rationale: "Initial version", parentVersionId: null }, t);
    return template.id;
  };
  const improverTemplateId = await ensure("templateImprover", IMPROVER_TEMPLATE_NAME, IMPROVER_DIRECTIVES);
  const metaTemplateId = await ensure("metaImprover", META_TEMPLATE_NAME, META_DIRECTIVES);
  return { improverTemplateId, metaTemplateId };
}

/**
 * The improver of `targetTemplateId`, created (with its state and first scheduled wake) when
 * missing: a task template (level 0) gets a level-1 improver, the level-1 improver template gets
 * the level-2 meta-improver, and anything at level 2 is refused — no level-3 improver exists.
 */
export async function ensureImproverFor(t: Tx, scope: Scope, targetTemplateId: string, now = new Date()) {
  const target = await t.agentTemplate.findFirst({
    where: { id: targetTemplateId, workspaceId: scope.workspaceId },
    select: { id: true, name: true, level: true, ritualWeekday: true, ritualHour: true, ritualTimezone: true, workspace: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } },
  });
  if (!target) throw notFound("Template not found.");
  // One writer of improvers per workspace at a time (the level-1/2 templates, one improver per target).
  // An advisory lock, not FOR UPDATE on the workspace row: the template INSERT already holds a KEY
  // SHARE lock on it (foreign key), and upgrading that deadlocks two concurrent creators.
  await t.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('improvers'), hashtext(${scope.workspaceId}))`;
  if (target.level >= MAX_IMPROVER_LEVEL) {
    throw forbidden(`“${target.name}” is a level-${target.level} template: it is improved by people only (recursion is capped at depth ${MAX_IMPROVER_LEVEL}).`);
  }
  const kind: TemplateKind = target.level === 0 ? "templateImprover" : "metaImprover";
  const existing = await t.agent.findFirst({ where: { workspaceId: scope.workspaceId, kind, targetTemplateId }, include: { state: true } });
  if (existing) return existing;
  const { improverTemplateId, metaTemplateId } = await ensureImproverTemplates(t, scope);
  const slots = improverSlots(target.id, target.level);
  const scheduledWakeAt = nextRitualAt(scheduleOf(target.workspace, target) ?? DEFAULT_SCHEDULE, now, cadenceOf(kind));
  return t.agent.create({
    data: {
      workspaceId: scope.workspaceId,
      kind,
      templateId: kind === "metaImprover" ? metaTemplateId : improverTemplateId,
      targetTemplateId: target.id,
      displayName: improverDisplayName(kind === "metaImprover" ? "metaImprover" : "templateImprover", target.name),
      state: { create: { workspaceId: scope.workspaceId, slots: slots as unknown as Prisma.InputJsonValue, scheduledWakeAt } },
    },
    include: { state: true },
  });
}

/**
 * Every template of the workspace that should have an improver gets one (task templates, the
 * level-1 improver template). Idempotent; the hourly check runs it so databases created before
 * improvers existed catch up.
 */
export async function ensureWorkspaceImprovers(workspaceId: string, now = new Date()) {
  const scope: Scope = { workspaceId, actorUserId: null };
  let created = 0;
  // Two passes: creating the first improver creates the level-1 template, which needs the meta-improver.
  for (let pass = 0; pass < 2; pass++) {
    const missing = await db.agentTemplate.findMany({ where: { workspaceId, level: { lt: MAX_IMPROVER_LEVEL }, improvers: { none: {} } }, select: { id: true } });
    for (const template of missing) await db.$transaction((t) => ensureImproverFor(t, scope, template.id, now));
    created += missing.length;
  }
  return created;
}

/** The improver of a template (the one-on-one page, the template page, the ritual). */
export async function getImproverOf(workspaceId: string, targetTemplateId: string) {
  return db.agent.findFirst({
    where: { workspaceId, targetTemplateId, kind: { in: ["templateImprover", "metaImprover"] } },
    include: { state: true },
  });
}
