import "server-only";
import type { EvolutionSession } from "@/generated/prisma/client";
import type { FeedbackSummary } from "@/features/feedback/server";
import { db } from "@/server/db";
import { assembleImproverContext, type ImproverContext, type ImproverContextData } from "./context";
import { loadImproverContextData } from "./context-data";

// The context of one session: what the improver sees on every turn and what "What the improver
// sees" shows. Built from the database each time (fresh reports and notes), with the feedback
// summary frozen when the session started.

export async function buildSessionContext(session: EvolutionSession, now = new Date()): Promise<ImproverContext> {
  return (await loadSessionContext(session, now)).context;
}

/** The context and the data it was assembled from (the page's summary card reads the same metrics and delta). */
export async function loadSessionContext(session: EvolutionSession, now = new Date()): Promise<{ context: ImproverContext; data: ImproverContextData }> {
  const template = await db.agentTemplate.findFirst({ where: { id: session.templateId, workspaceId: session.workspaceId }, select: { id: true } });
  if (!template) throw new Error(`Template ${session.templateId} vanished under session ${session.id}`);
  const previous = await db.evolutionSession.findFirst({
    where: { workspaceId: session.workspaceId, templateId: session.templateId, status: "completed", sessionNumber: { lt: session.sessionNumber } },
    orderBy: { sessionNumber: "desc" },
    select: { completedAt: true },
  });
  const data = await loadImproverContextData({
    workspaceId: session.workspaceId,
    templateId: session.templateId,
    origin: session.origin,
    sinceCounter: Number(session.sinceCounter),
    feedback: (session.feedbackSummary as FeedbackSummary | null) ?? null,
    lastSessionAt: previous?.completedAt ?? null,
    now,
  });
  return { context: assembleImproverContext(data), data };
}
