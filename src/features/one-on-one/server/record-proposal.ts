import "server-only";
import { APPROVAL_CONFIDENCE, MAX_APPROVED_MUTATIONS, type ProposeDirectivesInput } from "@/ai/prompts/improver";
import { queueReplayCheck } from "@/features/replay/server";
import { deliverOutbox } from "@/inngest/outbox";
import { db, type Tx } from "@/server/db";
import { badRequest, conflict, forbidden, notFound } from "@/server/errors";
import { assertOpen, lockSession } from "./session-state";

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
  const { replayEventId, ...recorded } = await db.$transaction((t) => recordProposalInTx(t, args));
  await deliverOutbox({ ids: [replayEventId] });
  return recorded;
}

/** The same, inside the caller's transaction (the ritual stores the proposal and its next status together). */
export async function recordProposalInTx(t: Tx, { workspaceId, sessionId, input }: { workspaceId: string; sessionId: string; input: ProposeDirectivesInput }): Promise<RecordedProposal & { replayEventId: string }> {
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
  // Last week's runs are replayed with it before anyone decides (the relay delivers the event after the commit).
  const replayEventId = await queueReplayCheck(t, { workspaceId, proposalId: proposal.id });
  return { replayEventId, proposalId: proposal.id, status, version: (template.versions[0]?.number ?? template.head.number) + 1, confidence: input.confidence };
}
