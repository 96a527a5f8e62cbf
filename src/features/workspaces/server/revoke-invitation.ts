import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { WorkspaceContext } from "./workspace-context";

/** Withdraws a pending invitation; its link stops working at once. */
export async function revokeInvitation(ctx: WorkspaceContext, input: { invitationId: string }) {
  const res = await db.invitation.updateMany({
    where: { id: input.invitationId, workspaceId: ctx.workspace.id, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (res.count !== 1) throw notFound("No pending invitation with this id.");
  return { invitationId: input.invitationId };
}
