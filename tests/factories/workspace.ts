import type { Role } from "@/features/workspaces/permissions";
import type { Prisma } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import type { SessionUser } from "@/server/session";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";
import { makeUser, type UserFields } from "./user";

export type WorkspaceOptions = {
  /** One extra member per role, keyed by role in `members`. */
  roles?: Role[];
  owner?: UserFields;
  /** Columns of the workspace itself (slug, name, ritual schedule…). */
  fields?: Partial<Omit<Prisma.WorkspaceCreateInput, "memberships">>;
};

/** A workspace with its owner (and one user per extra role); `scope` acts as the owner. */
export async function makeWorkspace(options: WorkspaceOptions = {}, db: FactoryDb = factoryDb()) {
  const owner = await makeUser(options.owner, db);
  const slug = `ws-${uid()}`;
  const workspace = await db.workspace.create({
    data: { slug, name: `Workspace ${slug}`, ...options.fields, memberships: { create: { userId: owner.id, role: "owner" } } },
  });
  const members: Record<string, SessionUser> = {};
  for (const role of options.roles ?? []) members[role] = await addMember(workspace.id, role, {}, db);
  const scope: Scope = { workspaceId: workspace.id, actorUserId: owner.id };
  return { workspace, owner, members, scope };
}

/** Adds a member with `role`: a new user, or an existing one (`{ id }`). */
export async function addMember(workspaceId: string, role: Role, user: UserFields | SessionUser = {}, db: FactoryDb = factoryDb()) {
  const member = "id" in user ? user : await makeUser(user, db);
  await db.membership.create({ data: { workspaceId, userId: member.id, role } });
  return member;
}

export async function membershipOf(workspaceId: string, userId: string, db: FactoryDb = factoryDb()) {
  return db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
}
