import "server-only";
import { createSessionInTx, findOpenSession, lockTemplate } from "@/features/one-on-one/server";
import { db } from "@/server/db";
import { loadImprover, nextWakeOf } from "./ritual-state";

export type BeginResult = { sessionId: string | null; started: boolean; reason?: string };

/**
 * Opens the ritual session of an improver (or returns the one it already has open). Moves the
 * improver's scheduledWakeAt to the next occurrence at once, so the hourly check never starts
 * the same week's ritual twice. A one-on-one someone has open on the template postpones the
 * ritual by a day rather than interrupting it.
 */
export async function beginRitual({ workspaceId, improverAgentId, now = new Date() }: { workspaceId: string; improverAgentId: string; now?: Date }): Promise<BeginResult> {
  return db.$transaction(async (t) => {
    const improver = await loadImprover(t, workspaceId, improverAgentId);
    if (!improver?.targetTemplate || (improver.kind !== "templateImprover" && improver.kind !== "metaImprover")) return { sessionId: null, started: false, reason: "not an improver" };
    const targetId = improver.targetTemplate.id;
    await lockTemplate(t, { workspaceId }, targetId);
    const open = await findOpenSession(t, workspaceId, targetId);
    if (open?.origin === "ritual") return { sessionId: open.id, started: false };
    if (improver.lifecycle !== "active") return { sessionId: null, started: false, reason: `the improver is ${improver.lifecycle}` };
    if (open) {
      await t.agentState.update({ where: { agentId: improver.id }, data: { scheduledWakeAt: new Date(now.getTime() + 24 * 3_600_000) } });
      return { sessionId: null, started: false, reason: "a one-on-one is open on this template; the ritual moves to tomorrow" };
    }
    const session = await createSessionInTx(t, { workspaceId, templateId: targetId, origin: "ritual", status: "preparing", improverAgentId: improver.id });
    await t.agentState.update({
      where: { agentId: improver.id },
      data: { scheduledWakeAt: nextWakeOf(improver, now), lastWakeAt: now, wakeCounter: { increment: 1 }, revision: { increment: 1 } },
    });
    return { sessionId: session.id, started: true };
  });
}
