// The demo's improvers (issue 7): the level-1 "Template Improver" and level-2 "Meta-Improver"
// templates, one improver per task template (weekly, next Monday 09:00 UTC) and the meta-improver
// of the level-1 template (monthly) — what `ensureImproverFor` creates for templates made in the
// app. Written straight with Prisma (the services import "server-only"), from the same pure
// defaults so the two cannot drift. Idempotent: anything that exists is kept.
import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import {
  IMPROVER_DIRECTIVES,
  IMPROVER_TEMPLATE_NAME,
  META_DIRECTIVES,
  META_TEMPLATE_NAME,
  improverDisplayName,
  improverSlots,
  improverTemplateDescription,
} from "../../src/features/rituals/improver-defaults";
import { DEFAULT_SCHEDULE, nextRitualAt } from "../../src/features/rituals/schedule";

type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

async function ensureTemplate(tx: Tx, workspaceId: string, kind: "templateImprover" | "metaImprover", name: string, directives: string) {
  const found = await tx.agentTemplate.findFirst({ where: { workspaceId, kind }, select: { id: true } });
  if (found) return found.id;
  const template = await tx.agentTemplate.create({ data: { workspaceId, name, kind, level: kind === "metaImprover" ? 2 : 1, description: improverTemplateDescription[kind] } });
  const version = await tx.templateVersion.create({ data: { workspaceId, templateId: template.id, number: 1, directives, authoredBy: "system", rationale: "Initial version" } });
  await tx.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: version.id } });
  return template.id;
}

export async function seedImprovers(prisma: PrismaClient, { workspaceId, now = new Date() }: { workspaceId: string; now?: Date }) {
  return prisma.$transaction(async (tx) => {
    const improverTemplateId = await ensureTemplate(tx, workspaceId, "templateImprover", IMPROVER_TEMPLATE_NAME, IMPROVER_DIRECTIVES);
    await ensureTemplate(tx, workspaceId, "metaImprover", META_TEMPLATE_NAME, META_DIRECTIVES);
    const metaTemplate = await tx.agentTemplate.findFirstOrThrow({ where: { workspaceId, kind: "metaImprover" }, select: { id: true } });
    const targets = await tx.agentTemplate.findMany({ where: { workspaceId, level: { lt: 2 }, improvers: { none: {} } }, select: { id: true, name: true, level: true } });
    for (const target of targets) {
      const kind = target.level === 0 ? "templateImprover" : "metaImprover";
      const scheduledWakeAt = nextRitualAt(DEFAULT_SCHEDULE, now, kind === "metaImprover" ? "monthly" : "weekly");
      await tx.agent.create({
        data: {
          workspaceId,
          kind,
          templateId: kind === "metaImprover" ? metaTemplate.id : improverTemplateId,
          targetTemplateId: target.id,
          displayName: improverDisplayName(kind, target.name),
          state: { create: { workspaceId, slots: improverSlots(target.id, target.level) as unknown as Prisma.InputJsonValue, scheduledWakeAt } },
        },
      });
    }
    return targets.length;
  });
}
