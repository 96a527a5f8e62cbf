import "server-only";
import { ritualDecided } from "@/inngest/events";
import { stageEvent } from "@/inngest/outbox";
import type { Tx } from "@/server/db";
import { conflict, notFound } from "@/server/errors";
import { lockSession } from "./session-state";

// What approving and rejecting a proposal share: the locks, the "still decidable" check and the
// ritual's decision event.

/**
 * Locks the proposal's session and returns both, scoped to the workspace. A decision fails fast
 * when it cannot be the one that counts: a proposal already decided is a 409 before any lock, and
 * while another decision holds the session (a burst of clicks, two reviewers at once) the lock is
 * not waited for (NOWAIT → 409): the losers never hold a pooled connection on the winner's lock.
 */
export async function lockProposal(t: Tx, workspaceId: string, proposalId: string) {
  const found = await t.proposal.findFirst({ where: { id: proposalId, workspaceId }, select: { sessionId: true, status: true } });
  if (!found) throw notFound("Proposal not found.");
  assertDecidable(found.status);
  const session = await lockSession(t, workspaceId, found.sessionId, { busy: "Someone is deciding on this session's proposal right now. Reload the page to see the outcome." });
  const proposal = await t.proposal.findUniqueOrThrow({ where: { id: proposalId } });
  return { session, proposal };
}

export function assertDecidable(status: string) {
  if (status === "approved") throw conflict("This proposal was already approved.");
  if (status === "rejected") throw conflict("This proposal was already rejected.");
  if (status === "superseded") throw conflict("A newer proposal replaced this one.");
}

/**
 * A ritual waits for its proposal's decision: the event is written with the decision (outbox).
 * Returns the staged event ids, which the caller delivers after the commit.
 */
export async function stageRitualDecision(t: Tx, session: { id: string; origin: string; improverAgentId: string | null }, workspaceId: string, decision: "approved" | "rejected"): Promise<string[]> {
  if (session.origin !== "ritual" || !session.improverAgentId) return [];
  return [await stageEvent(t, { name: ritualDecided.name, data: { workspaceId, sessionId: session.id, improverAgentId: session.improverAgentId, decision } })];
}
