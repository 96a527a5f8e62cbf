"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { db } from "@/server/db";
import { nextRitualAt, scheduleOf } from "../schedule";
import { UpdateWorkspaceScheduleInput } from "../schemas";
import { cadenceOf } from "../server/improvers";

/**
 * The workspace's ritual schedule. In the same transaction every improver that follows it (its
 * target template overrides at least one field less than all three) gets its next wake
 * recomputed: weekly for level 1, the first weekday of the month for the meta-improver.
 */
export const updateWorkspaceSchedule = workspaceAction({ input: UpdateWorkspaceScheduleInput, permission: "rituals.manage" }, async ({ weekday, hour, timezone }, ctx) => {
  const workspaceId = ctx.workspace.id;
  const now = new Date();
  const rescheduled = await db.$transaction(async (t) => {
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
    return improvers.length;
  });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return { schedule: { weekday, hour, timezone }, rescheduled };
});
