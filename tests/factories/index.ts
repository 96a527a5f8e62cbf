import { randomBytes } from "node:crypto";
import { db } from "@/server/db";
import type { Role } from "@/features/workspaces/permissions";
import type { SessionUser } from "@/server/session";

// Unique data per test: every factory call makes new rows, so tests never need a global cleanup.
export const uid = () => randomBytes(5).toString("hex");

export async function createUser(overrides: { email?: string; name?: string } = {}): Promise<SessionUser> {
  const user = await db.user.create({
    data: { email: overrides.email ?? `user-${uid()}@example.test`, name: overrides.name ?? null },
  });
  return { id: user.id, email: user.email, name: user.name };
}

/** A workspace with an owner and one user per extra role. */
export async function createWorkspace(options: { roles?: Role[] } = {}) {
  const owner = await createUser();
  const slug = `ws-${uid()}`;
  const workspace = await db.workspace.create({
    data: { slug, name: `Workspace ${slug}`, memberships: { create: { userId: owner.id, role: "owner" } } },
  });
  const members: Record<string, SessionUser> = {};
  for (const role of options.roles ?? []) {
    const user = await createUser();
    await db.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
    members[role] = user;
  }
  return { workspace, owner, members };
}

export async function membershipOf(workspaceId: string, userId: string) {
  return db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
}
