import "server-only";
import type { EvolutionSession, Prisma } from "@/generated/prisma/client";
import { runFeedbackPipeline, type FeedbackSummary } from "@/features/feedback/server";
import { raisePreferenceConflictsInTx } from "@/features/one-on-one/server";
import { fitTemplateDecisionModel } from "@/features/decision-model/server";
import { gradeDueHypotheses } from "@/features/hypotheses/server";
import { ritualProbation } from "@/features/probation/server";
import { db } from "@/server/db";
import { computeMetaFeedback } from "./meta-feedback";
import { lockRitual, RITUAL_MIN_FEEDBACK, type RitualModels } from "./ritual-state";

async function targetLevel(session: EvolutionSession) {
  const t = await db.agentTemplate.findUniqueOrThrow({ where: { id: session.templateId }, select: { level: true, name: true } });
  return t;
}

/**
 * Preparation: classify the feedback since the last acknowledged counter (for the meta-improver:
 * the improvers' outcomes of the last month) and freeze its summary on the session; grade the
 * hypotheses now due (features/hypotheses); refit the template's decision model
 * (features/decision-model) on the decisions and ratings so far; then the
 * threshold gate — fewer than RITUAL_MIN_FEEDBACK items and the ritual is skipped with a no-op
 * observation on the improver, unless it has a rollback to propose (features/probation). While the
 * head is on probation the ritual waits for the outcome (skipped, saying so): one change measured
 * at a time. A task template's preparation also raises the preference conflicts among its
 * reviewers (one-on-one's raisePreferenceConflictsInTx), skipped or not: a disagreement is the
 * team's to settle whatever the improver does this week.
 */
export async function prepareRitual(sessionId: string, models: RitualModels = {}, now = new Date()) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "preparing") return { status: session.status };
  const target = await targetLevel(session);
  let summary: FeedbackSummary;
  let covered = Number(session.sinceCounter);
  let classifiedFeedbackId: string | null = null;
  let items: number;
  if (target.level === 0) {
    const result = await runFeedbackPipeline({ workspaceId: session.workspaceId, templateId: session.templateId, sinceCounter: Number(session.sinceCounter), model: models.classifier });
    summary = result.summary;
    covered = Math.max(covered, result.coveredUntilCounter);
    classifiedFeedbackId = result.classifiedFeedbackId;
    items = summary.totals.items;
  } else {
    const meta = await computeMetaFeedback({ workspaceId: session.workspaceId, since: new Date(now.getTime() - 30 * 24 * 3_600_000), until: now });
    summary = meta.summary;
    items = meta.decidedSessions;
  }
  // The hypothesis ledger: predictions whose check date has passed are graded now — after the
  // feedback is classified, so the grade sees every item of its window — and this session's
  // context shows what was confirmed and what was tried and did not work.
  await gradeDueHypotheses({ workspaceId: session.workspaceId, templateId: session.templateId, sessionId }, now);
  // What people accept, refitted on the decisions and ratings up to now: the analysis and the proposal read it.
  if (target.level === 0) await fitTemplateDecisionModel({ workspaceId: session.workspaceId, templateId: session.templateId }, { now });
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "preparing") return { status: locked.status };
    if (target.level === 0) await raisePreferenceConflictsInTx(t, { workspaceId: locked.workspaceId, templateId: locked.templateId, sessionId, now });
    const base = { coveredUntilCounter: covered, classifiedFeedbackId, feedbackSummary: summary as unknown as Prisma.InputJsonValue };
    const { running: probation, rollback } = target.level === 0 ? await ritualProbation({ workspaceId: locked.workspaceId, templateId: locked.templateId }, t) : { running: null, rollback: null };
    // A rollback to propose (harm found on probation) is reason enough to hold the ritual.
    if (probation || (items < RITUAL_MIN_FEEDBACK && !rollback)) {
      const note = probation
        ? `v${probation.version} is on probation against v${probation.baseline} (at least ${probation.minDays} days and ${probation.minRuns} runs per arm): the ritual waits for its outcome before proposing another change.`
        : target.level === 0 ? `Only ${items} new feedback item${items === 1 ? "" : "s"} since the last session (the ritual needs ${RITUAL_MIN_FEEDBACK}).` : `Only ${items} decided session${items === 1 ? "" : "s"} in the last 30 days (the meta ritual needs ${RITUAL_MIN_FEEDBACK}).`;
      await t.evolutionSession.update({ where: { id: sessionId }, data: { ...base, status: "skipped", outcomeNote: note, completedAt: now } });
      if (locked.improverAgentId) {
        const improver = await t.agent.findUniqueOrThrow({ where: { id: locked.improverAgentId }, select: { id: true, templateId: true } });
        await t.agentMessage.create({ data: { workspaceId: locked.workspaceId, agentId: improver.id, templateId: improver.templateId, kind: "observation", text: `No-op ritual for ${target.name}: ${note}`, payload: { sessionId } } });
      }
      return { status: "skipped" as const, items };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { ...base, status: "analyzing" } });
    return { status: "analyzing" as const, items };
  });
}
