import "server-only";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import { nextRitualAt, scheduleOf, type RitualSchedule } from "../schedule";
import { cadenceOf } from "./improvers";

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
