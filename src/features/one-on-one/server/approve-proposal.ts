import "server-only";
import { APPROVAL_CONFIDENCE, MAX_APPROVED_MUTATIONS } from "@/ai/prompts/improver";
import { assertReplayAllowsApproval } from "@/features/replay/server";
import { resolveNotifications, sessionSubject } from "@/features/notifications/server";
import { createTemplateVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { conflict } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { assertDecidable, lockProposal, stageRitualDecision } from "./proposal-decision";
import { assertReversalAllowed } from "./reversal-evidence";
import { assertOpen, completeInTx } from "./session-state";

export type ApproveInput = { scope: Scope; proposalId: string; rating: number; finish: boolean; overrideReason?: string; reversalReason?: string };

/**
 * Approve: one transaction creates the version (authored by the agent, parent = the head the
 * proposal was made against), promotes it, marks the proposal, records a decision note and — by
 * default — completes the session with the rating, acknowledging the feedback it covered. A
 * ritual's decision event is written in the same transaction.
 */
export async function approveProposal({ scope, proposalId, rating, finish, overrideReason, reversalReason }: ApproveInput) {
  return db.$transaction(async (t) => {
    const { session, proposal } = await lockProposal(t, scope.workspaceId, proposalId);
    assertDecidable(proposal.status);
    assertOpen(session);
    if (proposal.status === "draft") {
      throw conflict(`Confidence ${proposal.confidence.toFixed(2)} is below ${APPROVAL_CONFIDENCE}: this is a draft. Ask the improver to firm it up.`);
    }
    if (session.approvedMutations >= MAX_APPROVED_MUTATIONS) {
      throw conflict(`This session already has ${MAX_APPROVED_MUTATIONS} approved changes, the most one session may make.`);
    }
    const template = await t.agentTemplate.findFirst({ where: { id: session.templateId, workspaceId: scope.workspaceId }, select: { headVersionId: true } });
    if (template?.headVersionId !== proposal.baseVersionId) {
      throw conflict("The active version changed since this proposal was made. Ask the improver for a fresh proposal.");
    }
    // A workspace in guard mode approves only what the replay check finds safe, or with a reason.
    await assertReplayAllowsApproval(t, { workspaceId: scope.workspaceId, proposalId: proposal.id, overrideReason });
    // Oscillation: undoing one of the last 3 changes needs new evidence or a person's reason.
    await assertReversalAllowed(t, { workspaceId: scope.workspaceId, templateId: session.templateId, baseVersionId: proposal.baseVersionId, directives: proposal.directives, reason: reversalReason });
    const version = await createTemplateVersion(
      { scope, templateId: session.templateId, directives: proposal.directives, authoredBy: "agent", rationale: proposal.rationale, parentVersionId: proposal.baseVersionId },
      t,
    );
    await t.proposal.update({
      where: { id: proposal.id },
      data: { status: "approved", resultingVersionId: version.id, userRating: rating, decidedById: scope.actorUserId, decidedAt: new Date(), replayOverrideReason: overrideReason ?? null, reversalReason: reversalReason ?? null },
    });
    await t.evolutionNote.create({
      data: {
        workspaceId: scope.workspaceId,
        templateId: session.templateId,
        sessionId: session.id,
        kind: "decision",
        content: `Approved v${version.number} (rated ${rating.toFixed(2)}): ${proposal.rationale}`,
      },
    });
    const counted = await t.evolutionSession.update({ where: { id: session.id }, data: { approvedMutations: { increment: 1 }, userRating: rating } });
    const updated = finish ? await completeInTx(t, counted, rating) : counted;
    // "Ready for review" now reads "approved by …" for everyone it was sent to.
    await resolveNotifications(t, { workspaceId: scope.workspaceId, subjects: [sessionSubject(session.id)], resolution: "approved", resolvedById: scope.actorUserId });
    const eventIds = await stageRitualDecision(t, updated, scope.workspaceId, "approved");
    return { version: { id: version.id, number: version.number }, session: { id: updated.id, status: updated.status, origin: updated.origin, improverAgentId: updated.improverAgentId }, eventIds };
  });
}
