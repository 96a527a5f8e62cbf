import "server-only";
import type { ImproverTurn } from "@/ai/prompts/improver";
import { db } from "@/server/db";
import type { ChatMessageInput } from "../schemas";

/**
 * What the person's message asks of the improver, as data for the model (the message text is in
 * the conversation): the client marks the opening and a rejection; the reason is the one stored
 * on the rejected proposal.
 */
export async function chatTurn({ workspaceId, sessionId, message }: { workspaceId: string; sessionId: string; message: ChatMessageInput }): Promise<ImproverTurn> {
  const { kind, proposalId } = message.metadata ?? {};
  if (kind === "opening") return { kind: "opening" };
  if (kind === "rejection" && proposalId) {
    const rejected = await db.proposal.findFirst({ where: { id: proposalId, workspaceId, sessionId, status: "rejected" }, select: { rejectionReason: true } });
    if (rejected?.rejectionReason) return { kind: "rejection", reason: rejected.rejectionReason };
  }
  return { kind: "message" };
}
