import "server-only";
import { APPROVAL_CONFIDENCE, MAX_APPROVED_MUTATIONS, type ProposeDirectivesInput } from "@/ai/prompts/improver";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { ritualDecided } from "@/inngest/events";
import { stageEvent } from "@/inngest/outbox";
import { db, type Tx } from "@/server/db";
import { badRequest, conflict, forbidden, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { assertOpen, completeInTx, lockSession } from "./sessions";

// Proposals: recorded by the improver's propose_directives tool, decided by a person. Mutation
// safety: below APPROVAL_CONFIDENCE a proposal is a draft nobody can approve; at most
// MAX_APPROVED_MUTATIONS approvals per session; a proposal made against an older head is stale.

/** Normalised for "did anything change": line endings and trailing spaces do not count. */
const normalise = (s: string) => s.replace(/\r\n/g, "\n").split("\n").map((l) => l.trimEnd()).join("\n").trim();

export type RecordedProposal = { proposalId: string; status: "pending" | "draft"; version: number; confidence: number };

/**
 * The propose_directives tool's write: supersedes the session's earlier open proposal and stores
 * the new one against the current head. Refusals come back as AppErrors (the tool turns them into
 * a message the model reads).
 */
export async function recordProposal(args: { workspaceId: string; sessionId: string; input: ProposeDirectivesInput }): Promise<RecordedProposal> {
  return db.$transaction((t) => recordProposalInTx(t, args));
}

/** The same, inside the caller's transaction (the ritual stores the proposal and its next status together). */
export async function recordProposalInTx(t: Tx, { workspaceId, sessionId, input }: { workspaceId: string; sessionId: string; input: ProposeDirectivesInput }): Promise<RecordedProposal> {
  {
    const session = await lockSession(t, workspaceId, sessionId);
    assertOpen(session);
    if (session.approvedMutations >= MAX_APPROVED_MUTATIONS) {
      throw conflict(`This session already has ${MAX_APPROVED_MUTATIONS} approved changes, the most one session may make. Finish it and start a new one.`);
    }
    const template = await t.agentTemplate.findFirst({
      where: { id: session.templateId, workspaceId },
      select: { level: true, head: { select: { id: true, number: true, directives: true } }, versions: { select: { number: true }, orderBy: { number: "desc" }, take: 1 } },
    });
    if (!template?.head) throw notFound("Template not found.");
    if (template.level >= 2) throw forbidden("Level-2 templates are edited by people only: improvers cannot propose for them.");
    if (normalise(input.directives) === normalise(template.head.directives)) {
      throw badRequest("The proposed directives are identical to the active version. Propose a change.");
    }
    await t.proposal.updateMany({ where: { sessionId, workspaceId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    const status = input.confidence >= APPROVAL_CONFIDENCE ? "pending" : "draft";
    const proposal = await t.proposal.create({
      data: {
        workspaceId,
        templateId: session.templateId,
        sessionId,
        directives: input.directives,
        rationale: input.rationale,
        confidence: input.confidence,
        status,
        baseVersionId: template.head.id,
      },
    });
    return { proposalId: proposal.id, status, version: (template.versions[0]?.number ?? template.head.number) + 1, confidence: input.confidence };
  }
}

/** Locks the proposal's session and returns both, scoped to the workspace. */
async function lockProposal(t: Tx, workspaceId: string, proposalId: string) {
  const found = await t.proposal.findFirst({ where: { id: proposalId, workspaceId }, select: { sessionId: true } });
  if (!found) throw notFound("Proposal not found.");
  const session = await lockSession(t, workspaceId, found.sessionId);
  const proposal = await t.proposal.findUniqueOrThrow({ where: { id: proposalId } });
  return { session, proposal };
}

function assertDecidable(status: string) {
  if (status === "approved") throw conflict("This proposal was already approved.");
  if (status === "rejected") throw conflict("This proposal was already rejected.");
  if (status === "superseded") throw conflict("A newer proposal replaced this one.");
}

export type ApproveInput = { scope: Scope; proposalId: string; rating: number; finish: boolean };

/**
 * A ritual waits for its proposal's decision: the event is written with the decision (outbox).
 * Returns the staged event ids, which the caller delivers after the commit.
 */
async function stageRitualDecision(t: Tx, session: { id: string; origin: string; improverAgentId: string | null }, workspaceId: string, decision: "approved" | "rejected"): Promise<string[]> {
  if (session.origin !== "ritual" || !session.improverAgentId) return [];
  return [await stageEvent(t, { name: ritualDecided.name, data: { workspaceId, sessionId: session.id, improverAgentId: session.improverAgentId, decision } })];
}

/**
 * Approve: one transaction creates the version (authored by the agent, parent = the head the
 * proposal was made against), promotes it, marks the proposal, records a decision note and — by
 * default — completes the session with the rating, acknowledging the feedback it covered. A
 * ritual's decision event is written in the same transaction.
 */
export async function approveProposal({ scope, proposalId, rating, finish }: ApproveInput) {
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
    const version = await createTemplateVersion(
      { scope, templateId: session.templateId, directives: proposal.directives, authoredBy: "agent", rationale: proposal.rationale, parentVersionId: proposal.baseVersionId },
      t,
    );
    await t.proposal.update({
      where: { id: proposal.id },
      data: { status: "approved", resultingVersionId: version.id, userRating: rating, decidedById: scope.actorUserId, decidedAt: new Date() },
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
    const eventIds = await stageRitualDecision(t, updated, scope.workspaceId, "approved");
    return { version: { id: version.id, number: version.number }, session: { id: updated.id, status: updated.status, origin: updated.origin, improverAgentId: updated.improverAgentId }, eventIds };
  });
}

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
    const eventIds = resumeRitual ? await stageRitualDecision(t, session, scope.workspaceId, "rejected") : [];
    return { proposalId: proposal.id, sessionId: session.id, origin: session.origin, improverAgentId: session.improverAgentId, eventIds };
  });
}
