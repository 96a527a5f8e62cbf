import "server-only";
import { db } from "@/server/db";
import { forbidden, gone, notFound } from "@/server/errors";
import type { SessionUser } from "@/server/session";
import { hashInvitationToken } from "./invitation-token";

export type InvitationState = "valid" | "expired" | "used" | "revoked";

export function invitationState(inv: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (inv.revokedAt) return "revoked";
  if (inv.acceptedAt) return "used";
  if (inv.expiresAt <= now) return "expired";
  return "valid";
}

const stateMessages: Record<Exclude<InvitationState, "valid">, string> = {
  expired: "This invitation has expired. Ask for a new one.",
  used: "This invitation has already been used.",
  revoked: "This invitation was withdrawn. Ask for a new one.",
};

/**
 * Redeems an invitation for the signed-in user: single use, not expired, not revoked, and only
 * by the invited address. The claim is one conditional UPDATE, so two concurrent accepts cannot
 * both succeed. An existing member keeps their membership (never downgraded by an invitation).
 */
export async function acceptInvitation(user: SessionUser, token: string): Promise<{ workspaceSlug: string }> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: {
      id: true, email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true,
      workspace: { select: { id: true, slug: true } },
    },
  });
  if (!invitation) throw notFound("This invitation link is invalid.");
  const state = invitationState(invitation);
  if (state !== "valid") throw gone(stateMessages[state]);
  if (invitation.email !== user.email.toLowerCase()) {
    throw forbidden(`This invitation was sent to ${invitation.email}. You are signed in as ${user.email}.`);
  }

  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: user.id },
    });
    if (claimed.count !== 1) throw gone(stateMessages.used);
    await tx.membership.upsert({
      where: { workspaceId_userId: { workspaceId: invitation.workspace.id, userId: user.id } },
      create: { workspaceId: invitation.workspace.id, userId: user.id, role: invitation.role },
      update: {},
    });
    return { workspaceSlug: invitation.workspace.slug };
  });
}
