import "server-only";
import type { AgentLifecycle } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { nextRitualAt, scheduleOf } from "../schedule";
import { cadenceOf, ensureImproverFor } from "./improvers";

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
