import "server-only";
import type { LanguageModel } from "ai";
import type { EvolutionSession, Prisma, SessionOrigin } from "@/generated/prisma/client";
import { runFeedbackPipeline } from "@/features/feedback/server/run-feedback-pipeline";
import { db, type Tx } from "@/server/db";
import { conflict, forbidden, notFound } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import type { Scope } from "@/server/scope";
import { isOpen, OPEN_STATUSES } from "../status";

// Evolution sessions: start (or resume) one per template, finish, abandon. The session fixes the
// feedback window it looks at — (sinceCounter, coveredUntilCounter] — when it starts; completing
// it acknowledges coveredUntilCounter, so the next session starts where this one stopped.


/** Free text sent to the classifier per session start; the rest waits for the next run. */
const MAX_MODEL_ITEMS_ON_START = 200;

/** Locks the template row (scoped) so session numbers and "one open session" are race-free. */
export async function lockTemplate(t: Tx, scope: Pick<Scope, "workspaceId">, templateId: string) {
  const rows = await t.$queryRaw<{ id: string; level: number }[]>`
    SELECT "id", "level" FROM "AgentTemplate" WHERE "id" = ${templateId} AND "workspaceId" = ${scope.workspaceId} FOR UPDATE`;
  if (!rows[0]) throw notFound("Template not found.");
  // Depth policy: nothing improves a level-2 template (recursion capped at 2).
  if (rows[0].level >= 2) throw forbidden("Level-2 templates are edited by people only: they have no improver to talk to.");
}

/** Locks one session row of the workspace; services that change a session go through here. */
export async function lockSession(t: Tx, workspaceId: string, sessionId: string): Promise<EvolutionSession> {
  const rows = await t.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "EvolutionSession" WHERE "id" = ${sessionId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
  if (!rows[0]) throw notFound("Session not found.");
  return t.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
}

export function assertOpen(session: EvolutionSession) {
  if (session.status === "completed") throw conflict("This session is already completed.");
  if (session.status === "abandoned") throw conflict("This session was abandoned.");
  if (!isOpen(session.status)) throw conflict("This session has ended.");
}

export async function getOpenSession(workspaceId: string, templateId: string) {
  return findOpenSession(db, workspaceId, templateId);
}

/** The template's open session (any origin), under the caller's template lock. */
export function findOpenSession(t: Tx, workspaceId: string, templateId: string) {
  return t.evolutionSession.findFirst({ where: { workspaceId, templateId, status: { in: [...OPEN_STATUSES] } }, orderBy: { sessionNumber: "desc" } });
}

/**
 * Creates the template's next session (interactive or ritual), under the caller's template lock:
 * number n+1, and the feedback window starting where the last completed session acknowledged.
 */
export async function createSessionInTx(
  t: Tx,
  data: { workspaceId: string; templateId: string } & Pick<Prisma.EvolutionSessionUncheckedCreateInput, "origin" | "status" | "startedById" | "improverAgentId">,
) {
  const [last, acknowledged] = await Promise.all([
    t.evolutionSession.aggregate({ where: { templateId: data.templateId }, _max: { sessionNumber: true } }),
    t.evolutionSession.findFirst({
      where: { workspaceId: data.workspaceId, templateId: data.templateId, status: "completed", lastAcknowledgedCounter: { not: null } },
      orderBy: { sessionNumber: "desc" },
      select: { lastAcknowledgedCounter: true },
    }),
  ]);
  const since = acknowledged?.lastAcknowledgedCounter ?? 0n;
  return t.evolutionSession.create({ data: { ...data, sessionNumber: (last._max.sessionNumber ?? 0) + 1, sinceCounter: since, coveredUntilCounter: since } });
}

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
      maxModelItems: MAX_MODEL_ITEMS_ON_START,
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

/** Ends a session with nothing approved (or after approvals, without a rating): no version. */
export async function abandonSession({ scope, sessionId }: { scope: Scope; sessionId: string }) {
  return db.$transaction(async (t) => {
    const session = await lockSession(t, scope.workspaceId, sessionId);
    assertOpen(session);
    await t.proposal.updateMany({ where: { sessionId, workspaceId: scope.workspaceId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    return t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: new Date() } });
  });
}

/** Completes a session after "approve & keep talking": acknowledges the feedback it covered. */
export async function finishSession({ scope, sessionId, rating }: { scope: Scope; sessionId: string; rating: number | null }) {
  return db.$transaction(async (t) => {
    const session = await lockSession(t, scope.workspaceId, sessionId);
    assertOpen(session);
    if (session.approvedMutations === 0) throw conflict("Nothing was approved in this session. Abandon it instead.");
    await t.proposal.updateMany({ where: { sessionId, workspaceId: scope.workspaceId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    return completeInTx(t, session, rating ?? session.userRating);
  });
}

export function completeInTx(t: Tx, session: EvolutionSession, rating: number | null) {
  return t.evolutionSession.update({
    where: { id: session.id },
    data: { status: "completed", completedAt: new Date(), userRating: rating, lastAcknowledgedCounter: session.coveredUntilCounter },
  });
}
