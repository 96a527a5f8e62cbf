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
  // One statement on every page, action and route (a Prisma relation select would be two).
  const [row] = await db.$queryRaw<(WorkspaceContext["workspace"] & { membershipId: string; role: Role })[]>`
    SELECT m."id" AS "membershipId", m."role"::text AS "role", w."id", w."slug", w."name", w."dataVersion"
    FROM "Membership" m JOIN "Workspace" w ON w."id" = m."workspaceId"
    WHERE m."userId" = ${user.id} AND w."slug" = ${slug}
    LIMIT 1`;
  if (!row) throw notFound("Workspace not found.");
  const { membershipId, role, ...workspace } = row;
  return { user, workspace, membership: { id: membershipId, role } };
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
