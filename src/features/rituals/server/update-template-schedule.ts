import "server-only";
import { db } from "@/server/db";
import { forbidden, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { nextRitualAt, scheduleOf } from "../schedule";
import { cadenceOf, MAX_IMPROVER_LEVEL } from "./improvers";

// Schedule writes recompute the affected improvers' next wake in the same transaction, so the
// hourly check never acts on a stale time.

/**
 * A template's own ritual schedule (each field null = the workspace's), and its improver's next
 * wake recomputed in the same transaction. Level-2 templates have no ritual to schedule.
 */
export async function updateTemplateSchedule({ scope, templateId, weekday, hour, timezone, now = new Date() }: { scope: Scope; templateId: string; weekday: number | null; hour: number | null; timezone: string | null; now?: Date }) {
  const { workspaceId } = scope;
  return db.$transaction(async (t) => {
    const template = await t.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { id: true, name: true, level: true } });
    if (!template) throw notFound("Template not found.");
    if (template.level >= MAX_IMPROVER_LEVEL) {
      throw forbidden(`“${template.name}” is a level-${template.level} template: it is improved by people only, so it has no ritual to schedule.`);
    }
    const updated = await t.agentTemplate.update({
      where: { id: template.id },
      data: { ritualWeekday: weekday, ritualHour: hour, ritualTimezone: timezone },
      select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true, workspace: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } },
    });
    const schedule = scheduleOf(updated.workspace, updated);
    const improver = await t.agent.findFirst({ where: { workspaceId, targetTemplateId: template.id, kind: { in: ["templateImprover", "metaImprover"] }, state: { isNot: null } }, select: { id: true, kind: true } });
    if (!improver) return { schedule, scheduledWakeAt: null };
    const scheduledWakeAt = nextRitualAt(schedule, now, cadenceOf(improver.kind));
    await t.agentState.update({ where: { agentId: improver.id }, data: { scheduledWakeAt, revision: { increment: 1 } } });
    return { schedule, scheduledWakeAt };
  });
}
