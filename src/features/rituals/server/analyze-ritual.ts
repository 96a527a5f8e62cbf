import "server-only";
import { RITUAL_ANALYSIS } from "@/ai/prompts/improver";
import { recordNote } from "@/features/hypotheses/server";
import { recordModelUsage } from "@/features/usage/server";
import { db } from "@/server/db";
import { lockRitual, type RitualModels } from "./ritual-state";
import { ritualTurn, transcriptRows } from "./ritual-turn";

/** Analysis: the improver records notes — at least one hypothesis (its first sentence becomes one if it wrote none). */
export async function analyzeRitual(sessionId: string, models: RitualModels = {}, now = new Date()) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "analyzing") return { status: session.status };
  const collected = await ritualTurn(session, RITUAL_ANALYSIS, "note", models.improver, now);
  if (!collected.notes.some((n) => n.kind === "hypothesis")) {
    const first = collected.text.split(/(?<=[.!?])\s/)[0]?.trim();
    collected.notes.push({ kind: "hypothesis", content: first ? `To verify next week: ${first}` : "To verify next week: the feedback of this week recurs unless the directives change." });
  }
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "analyzing") return { status: locked.status };
    for (const n of collected.notes) await recordNote(t, { workspaceId: locked.workspaceId, templateId: locked.templateId, sessionId }, n, now);
    await t.evolutionMessage.createMany({ data: transcriptRows(locked, RITUAL_ANALYSIS.text, collected) });
    await recordModelUsage(t, { workspaceId: locked.workspaceId, templateId: locked.templateId, at: now, entries: collected.usage });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "proposing" } });
    return { status: "proposing" as const, notes: collected.notes.length };
  });
}
