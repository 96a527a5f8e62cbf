import "server-only";
import type { LanguageModel } from "ai";
import type { EvolutionSession, Prisma, SessionOrigin } from "@/generated/prisma/client";
import { runFeedbackPipeline } from "@/features/feedback/server";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import type { Scope } from "@/server/scope";
import { createSessionInTx } from "./create-session";
import { findOpenSession, lockTemplate } from "./session-state";

/** Free text sent to the classifier per session start; the rest waits for the next run. */
const MAX_MODEL_ITEMS_ON_START = 200;

export type StartSessionOptions = {
  scope: Scope;
  templateId: string;
  origin?: SessionOrigin;
  /** Classifier for free-text feedback (tests pass a scripted or built-in one). */
  classifier?: LanguageModel;
};

/**
 * Starts a session, or returns the template's open one (a second tab, a double click and two
 * teammates at once all land in the same session). Then classifies the feedback since the last
 * acknowledged counter and freezes its summary on the session.
 */
export async function startSession({ scope, templateId, origin = "interactive", classifier }: StartSessionOptions): Promise<{ session: EvolutionSession; resumed: boolean }> {
  const { session, resumed } = await db.$transaction(async (t) => {
    await lockTemplate(t, scope, templateId);
    const open = await findOpenSession(t, scope.workspaceId, templateId);
    if (open) return { session: open, resumed: true };
    const created = await createSessionInTx(t, { workspaceId: scope.workspaceId, templateId, origin, startedById: scope.actorUserId });
    return { session: created, resumed: false };
  });
  if (resumed) return { session, resumed };
  return { session: await classifyForSession(session, classifier), resumed };
}

/**
 * Runs the feedback pipeline over the session's window and stores what it saw. A failure (say,
 * the classifier provider is down) leaves the session usable without a summary: the improver
 * still sees reports, observations, metrics and decisions.
 */
async function classifyForSession(session: EvolutionSession, classifier?: LanguageModel): Promise<EvolutionSession> {
  try {
    const result = await runFeedbackPipeline({
      workspaceId: session.workspaceId,
      templateId: session.templateId,
      sinceCounter: Number(session.sinceCounter),
      model: classifier,
      maxItems: MAX_MODEL_ITEMS_ON_START,
    });
    return await db.evolutionSession.update({
      where: { id: session.id, workspaceId: session.workspaceId },
      data: {
        coveredUntilCounter: Math.max(result.coveredUntilCounter, Number(session.sinceCounter)),
        classifiedFeedbackId: result.classifiedFeedbackId,
        feedbackSummary: result.summary as unknown as Prisma.InputJsonValue,
      },
    });
  } catch (e) {
    logger.error("one-on-one: feedback classification failed", { sessionId: session.id, ...errorFields(e) });
    return session;
  }
}
