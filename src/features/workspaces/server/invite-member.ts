import "server-only";
import { env } from "@/env";
import { db } from "@/server/db";
import { conflict, forbidden } from "@/server/errors";
import { sendEmail } from "@/server/mailer";
import { errorFields, logger } from "@/server/logger";
import { atLeast, roleLabels, type Role } from "../permissions";
import type { WorkspaceContext } from "./workspace-context";
import { INVITATION_TTL_MS, newInvitationToken } from "./invitation-token";

export type InviteResult = { invitationId: string; email: string; inviteUrl: string; emailSent: boolean };

/**
 * Invites `email` to the workspace with `role`. A pending invitation for the same address is
 * revoked and replaced (one live link per address). The email goes out after the commit; if it
 * fails the invitation stands and the caller gets the link to share by hand.
 */
export async function inviteMember(ctx: WorkspaceContext, input: { email: string; role: Role }): Promise<InviteResult> {
  if (!atLeast(ctx.membership.role, input.role)) {
    throw forbidden(`You cannot invite someone as ${input.role}: it is above your role.`);
  }
  const { token, tokenHash } = newInvitationToken();
  const now = new Date();
  const invitation = await db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({
      where: { workspaceId: ctx.workspace.id, user: { email: input.email } },
      select: { id: true },
    });
    if (member) throw conflict(`${input.email} is already a member of this workspace.`);
    await tx.invitation.updateMany({
      where: { workspaceId: ctx.workspace.id, email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return tx.invitation.create({
      data: {
        workspaceId: ctx.workspace.id,
        email: input.email,
        role: input.role,
        tokenHash,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        invitedById: ctx.user.id,
      },
      select: { id: true, email: true, expiresAt: true },
    });
  });

  const inviteUrl = new URL(`/invite/${token}`, env.APP_URL).toString();
  let emailSent = true;
  try {
    const inviter = ctx.user.name ?? ctx.user.email;
    await sendEmail({
      to: invitation.email,
      subject: `${inviter} invited you to ${ctx.workspace.name} on Agent Coach`,
      kind: "invitation",
      content: {
        heading: `Join ${ctx.workspace.name} on Agent Coach`,
        paragraphs: [
          `${inviter} invited you to the workspace “${ctx.workspace.name}” as ${roleLabels[input.role].label.toLowerCase()}.`,
          "Agent Coach is where your team's LLM agents get better every week from your feedback.",
        ],
        action: { label: "Accept invitation", url: inviteUrl },
        footer: `This invitation works once and expires ${invitation.expiresAt.toUTCString()}.`,
      },
    });
  } catch (e) {
    emailSent = false;
    logger.warn("invitation email not sent", { invitationId: invitation.id, ...errorFields(e) });
  }
  return { invitationId: invitation.id, email: invitation.email, inviteUrl, emailSent };
}
