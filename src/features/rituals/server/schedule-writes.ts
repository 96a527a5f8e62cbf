import "server-only";
import type { AgentLifecycle } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { forbidden, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { nextRitualAt, scheduleOf, type RitualSchedule } from "../schedule";
import { cadenceOf, ensureImproverFor, MAX_IMPROVER_LEVEL } from "./improvers";

// The writes behind the schedule and the improver's lifecycle. Each is one transaction that also
// recomputes the affected improvers' next wake, so the hourly check never acts on a stale time.

/**
 * Pause (dormant: the hourly check skips it) or resume a template's improver. Resuming moves a
 * wake that passed while paused to the next slot, so a resumed improver does not run at once.
 */
export async function setImproverLifecycle({ scope, templateId, lifecycle, now = new Date() }: { scope: Scope; templateId: string; lifecycle: Extract<AgentLifecycle, "active" | "dormant">; now?: Date }) {
  const { workspaceId } = scope;
  return db.$transaction(async (t) => {
    const improver = await ensureImproverFor(t, scope, templateId, now);
    const target = await t.agentTemplate.findFirst({
      where: { id: templateId, workspaceId },
      select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true, workspace: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } },
    });
    if (!target) throw notFound("Template not found.");
    await t.agent.updateMany({ where: { id: improver.id, workspaceId }, data: { lifecycle } });
    const due = improver.state?.scheduledWakeAt ?? null;
    if (lifecycle === "active" && (!due || due <= now)) {
      const scheduledWakeAt = nextRitualAt(scheduleOf(target.workspace, target), now, cadenceOf(improver.kind));
      await t.agentState.update({ where: { agentId: improver.id }, data: { scheduledWakeAt, revision: { increment: 1 } } });
      return { improverAgentId: improver.id, lifecycle, scheduledWakeAt };
    }
    return { improverAgentId: improver.id, lifecycle, scheduledWakeAt: due };
  });
}

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

/**
 * The workspace's ritual schedule. In the same transaction every improver that follows it (its
 * target template does not override all three fields) gets its next wake recomputed: weekly for
 * level 1, the first weekday of the month for the meta-improver.
 */
export async function updateWorkspaceSchedule({ scope, weekday, hour, timezone, now = new Date() }: { scope: Scope; now?: Date } & RitualSchedule) {
  const { workspaceId } = scope;
  return db.$transaction(async (t) => {
    const workspace = await t.workspace.update({ where: { id: workspaceId }, data: { ritualWeekday: weekday, ritualHour: hour, ritualTimezone: timezone }, select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } });
    const improvers = await t.agent.findMany({
      where: {
        workspaceId,
        kind: { in: ["templateImprover", "metaImprover"] },
        state: { isNot: null },
        targetTemplate: { workspaceId, OR: [{ ritualWeekday: null }, { ritualHour: null }, { ritualTimezone: null }] },
      },
      select: { id: true, kind: true, targetTemplate: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } },
    });
    for (const improver of improvers) {
      const scheduledWakeAt = nextRitualAt(scheduleOf(workspace, improver.targetTemplate), now, cadenceOf(improver.kind));
      await t.agentState.update({ where: { agentId: improver.id }, data: { scheduledWakeAt, revision: { increment: 1 } } });
    }
    return { schedule: { weekday, hour, timezone }, rescheduled: improvers.length };
  });
}
