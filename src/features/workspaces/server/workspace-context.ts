import "server-only";
import { db } from "@/server/db";
import { forbidden, notFound } from "@/server/errors";
import type { SessionUser } from "@/server/session";
import { requireUser } from "@/server/action-client";
import { can, type Permission, type Role } from "../permissions";

export type WorkspaceContext = {
  user: SessionUser;
  /** `dataVersion`: bumped by every change a person makes (the key of the pages' cached read models). */
  workspace: { id: string; slug: string; name: string; dataVersion: number };
  membership: { id: string; role: Role };
};

/**
 * The caller's membership of the workspace named by `slug`. A workspace the user does not belong
 * to is reported as not found (404), exactly like one that does not exist, so slugs leak nothing.
 */
export async function getWorkspaceContextOrThrow(user: SessionUser, slug: string): Promise<WorkspaceContext> {
  const membership = await db.membership.findFirst({
    where: { userId: user.id, workspace: { slug } },
    select: { id: true, role: true, workspace: { select: { id: true, slug: true, name: true, dataVersion: true } } },
  });
  if (!membership) throw notFound("Workspace not found.");
  return { user, workspace: membership.workspace, membership: { id: membership.id, role: membership.role } };
}

export function assertCan(ctx: WorkspaceContext, permission: Permission): void {
  if (!can(ctx.membership.role, permission)) {
    throw forbidden(`Your role (${ctx.membership.role}) does not allow this.`);
  }
}

/** The signed-in caller as a member of the workspace named by `slug` (401, 404), allowed `permission` (403). */
export async function requireWorkspaceMember(slug: string, permission?: Permission): Promise<WorkspaceContext> {
  const ctx = await getWorkspaceContextOrThrow(await requireUser(), slug);
  if (permission) assertCan(ctx, permission);
  return ctx;
}
