import "server-only";
import { db } from "@/server/db";
import type { Role } from "../permissions";
import { hashInvitationToken } from "./invitation-token";
import { invitationState } from "./accept-invitation";

/** The user's workspaces by name, with their role in each: one statement (the sidebar's switcher, every page). */
export async function listMyWorkspaces(userId: string) {
  return db.$queryRaw<{ id: string; slug: string; name: string; role: Role }[]>`
    SELECT w."id", w."slug", w."name", m."role"::text AS "role"
    FROM "Membership" m JOIN "Workspace" w ON w."id" = m."workspaceId"
    WHERE m."userId" = ${userId}
    ORDER BY w."name", w."id"`;
}

export async function listMembers(workspaceId: string) {
  return db.membership.findMany({
    where: { workspaceId },
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: [{ createdAt: "asc" }],
  });
}

export async function listPendingInvitations(workspaceId: string) {
  return db.invitation.findMany({
    where: { workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true, invitedBy: { select: { email: true, name: true } } },
    orderBy: { createdAt: "desc" },
  });
}

/** What the invitation page shows before sign-in: never the token, only public facts. */
export async function getInvitationPreview(token: string) {
  const inv = await db.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: {
      email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true,
      workspace: { select: { name: true, slug: true } },
      invitedBy: { select: { name: true, email: true } },
    },
  });
  if (!inv) return null;
  return {
    email: inv.email,
    role: inv.role,
    expiresAt: inv.expiresAt,
    state: invitationState(inv),
    workspaceName: inv.workspace.name,
    workspaceSlug: inv.workspace.slug,
    invitedBy: inv.invitedBy.name ?? inv.invitedBy.email,
  };
}
