import "server-only";
import { ritualProposalRequest } from "@/ai/prompts/improver";
import { recordProposalInTx } from "@/features/one-on-one/server";
import { recordNote } from "@/features/hypotheses/server";
import { markRollbackProposed, ritualProbation } from "@/features/probation/server";
import { candidateLine, candidateScore } from "@/features/replay/choose";
import { searchCandidates, type CandidateSearch } from "@/features/replay/server";
import { recordModelUsage } from "@/features/usage/server";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { DECISION_TIMEOUT_MS, lockRitual, type RitualModels } from "./ritual-state";
import { ritualTurn, transcriptRows, type Collected } from "./ritual-turn";

/**
 * Plays a few versions around the improver's last proposal on last week's runs (replay slice) and,
 * when another does better by at least half a decision (replay/choose.ts), proposes that one instead,
 * saying so in the rationale. Versions
 * people rejected in the last 8 weeks are not tried. A failed search is logged and leaves the
 * proposal as the improver made it.
 */
async function searchAround(session: { id: string; workspaceId: string; templateId: string }, collected: Collected, models: RitualModels, now: Date): Promise<CandidateSearch | null> {
  const input = collected.proposals.at(-1);
  if (!input) return null;
  const template = await db.agentTemplate.findFirst({ where: { id: session.templateId, workspaceId: session.workspaceId, level: 0 }, select: { head: { select: { directives: true } } } });
  if (!template?.head) return null;
  const rejected = await db.proposal.findMany({
    where: { workspaceId: session.workspaceId, templateId: session.templateId, status: "rejected", createdAt: { gte: new Date(now.getTime() - 56 * 86_400_000) } },
    select: { directives: true },
  });
  try {
    const search = await searchCandidates({ workspaceId: session.workspaceId, templateId: session.templateId, head: template.head.directives, proposed: input.directives, before: now, models: models.replay, exclude: rejected.map((r) => r.directives) });
    if (!search) return null;
    const chosen = search.candidates[search.chosen]!;
    const made = search.candidates[0]!;
    const why =
      search.chosen === 0
        ? `Candidate search: ${search.candidates.length} versions replayed on ${search.runs} of last week's runs; none did better than this one (${candidateLine(made)}).`
        : `Candidate search: ${search.candidates.length} versions replayed on ${search.runs} of last week's runs; proposing “${chosen.label}” (${candidateLine(chosen).replace(/^[^:]*: /, "")}; score ${candidateScore(chosen)} against ${candidateScore(made)} as first made).`;
    input.directives = chosen.directives;
    input.rationale = `${input.rationale} ${why}`.slice(0, 2_000);
    return search;
  } catch (e) {
    logger.warn("ritual: candidate search failed", { sessionId: session.id, ...errorFields(e) });
    return null;
  }
}

/** A rollback backed by a measured harm is no draft: it can be approved as it is. */
const ROLLBACK_CONFIDENCE = 0.9;

/**
 * Proposal: the improver proposes complete directives (after a rejection: addressing its reason).
 * The proposal, the transcript and status awaiting_review (+ the 7-day deadline) are written in
 * one transaction. Without a proposal, what the session says depends on why: the improver said
 * why it proposes nothing → completed, its words quoted; a proposal it made could not be recorded,
 * or it answered nothing at all → failed with that reason, and the feedback is not acknowledged
 * (the next ritual looks at it again). A real no-op never looks like a failure, nor the reverse.
 * When the head's probation found harm (features/probation), the first round proposes the
 * rollback to the previous version's directives instead of asking the improver.
 */
export async function proposeRitual(sessionId: string, models: RitualModels = {}, now = new Date()) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "proposing") return { status: session.status };
  const rejected = session.round > 0 ? await db.proposal.findFirst({ where: { sessionId, status: "rejected" }, orderBy: { decidedAt: "desc" } }) : null;
  const request = ritualProposalRequest(rejected?.rejectionReason, rejected ? { directives: rejected.directives, rationale: rejected.rationale, confidence: rejected.confidence } : undefined);
  const rollback = session.round === 0 ? (await ritualProbation({ workspaceId: session.workspaceId, templateId: session.templateId })).rollback : null;
  const collected: Collected = rollback
    ? { text: rollback.text, notes: [], proposals: [{ directives: rollback.directives, rationale: rollback.rationale, confidence: ROLLBACK_CONFIDENCE }], usage: [] }
    : await ritualTurn(session, request, "propose", models.improver, now);
  // The candidate search: versions around the improver's proposal, replayed on last week's runs; the best is proposed.
  const search = rollback ? null : await searchAround(session, collected, models, now);
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "proposing") return { status: locked.status };
    const input = collected.proposals.at(-1);
    let recorded: Awaited<ReturnType<typeof recordProposalInTx>> | null = null;
    let refused: string | null = null;
    if (input) {
      try {
        recorded = await recordProposalInTx(t, { workspaceId: locked.workspaceId, sessionId, input });
        if (search) await t.proposal.update({ where: { id: recorded.proposalId }, data: { candidates: search as unknown as Prisma.InputJsonObject } });
        if (rollback) await markRollbackProposed(t, { workspaceId: locked.workspaceId, probationId: rollback.probationId, proposalId: recorded.proposalId });
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        refused = e.message;
        collected.text = `${collected.text}\n\n(Proposal not recorded: ${e.message})`.trim();
      }
    }
    for (const n of collected.notes) await recordNote(t, { workspaceId: locked.workspaceId, templateId: locked.templateId, sessionId }, n, now);
    await t.evolutionMessage.createMany({ data: transcriptRows(locked, request.text, collected, recorded && input ? { ...recorded, input } : undefined) });
    await recordModelUsage(t, { workspaceId: locked.workspaceId, templateId: locked.templateId, at: now, entries: collected.usage });
    if (!recorded) {
      const said = collected.text.replace(/\s+/g, " ").trim();
      if (refused || !said) {
        const outcomeNote = refused
          ? `The improver's proposal could not be recorded: ${refused}`
          : "The improver answered with neither a proposal nor a reason.";
        await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "failed", completedAt: now, outcomeNote } });
        return { status: "failed" as const };
      }
      const quoted = said.length > 300 ? `${said.slice(0, 300)}…` : said;
      await t.evolutionSession.update({
        where: { id: sessionId },
        data: { status: "completed", completedAt: now, outcomeNote: `The improver proposed no change: “${quoted}”`, lastAcknowledgedCounter: locked.coveredUntilCounter },
      });
      return { status: "completed" as const };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "awaiting_review", decisionDueAt: new Date(now.getTime() + DECISION_TIMEOUT_MS) } });
    return { status: "awaiting_review" as const, proposalId: recorded.proposalId };
  });
}
