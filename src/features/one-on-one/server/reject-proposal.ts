import "server-only";
import { resolveNotifications, sessionSubject } from "@/features/notifications/server";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import { assertDecidable, lockProposal, stageRitualDecision } from "./proposal-decision";
import { assertOpen } from "./session-state";

/**
 * Reject with a reason: the proposal is closed, the reason goes into the journal, the chat
 * continues. A ritual resumes (revises) on it unless the person keeps talking in the chat first
 * (`resumeRitual: false`).
 */
export async function rejectProposal({ scope, proposalId, reason, resumeRitual = true }: { scope: Scope; proposalId: string; reason: string; resumeRitual?: boolean }) {
  return db.$transaction(async (t) => {
    const { session, proposal } = await lockProposal(t, scope.workspaceId, proposalId);
    assertDecidable(proposal.status);
    assertOpen(session);
    await t.proposal.update({ where: { id: proposal.id }, data: { status: "rejected", rejectionReason: reason, decidedById: scope.actorUserId, decidedAt: new Date() } });
    await t.evolutionNote.create({
      data: { workspaceId: scope.workspaceId, templateId: session.templateId, sessionId: session.id, kind: "decision", content: `Rejected a proposal: ${reason}` },
    });
    // The review asked for is done (a revision, if any, notifies anew).
    await resolveNotifications(t, { workspaceId: scope.workspaceId, subjects: [sessionSubject(session.id)], resolution: "rejected", resolvedById: scope.actorUserId });
    const eventIds = resumeRitual ? await stageRitualDecision(t, session, scope.workspaceId, "rejected") : [];
    return { proposalId: proposal.id, sessionId: session.id, origin: session.origin, improverAgentId: session.improverAgentId, eventIds };
  });
}
