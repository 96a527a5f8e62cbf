// Roles and what each may do. Pure (no server imports) so components can hide what a role cannot
// use; the server enforces the same table in the action client and route handlers.

import { Role } from "@/generated/prisma/enums";

export type { Role };
/** Highest first: the order of the Prisma enum, which lists and selects show. */
export const roles = Object.values(Role);

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** The lowest role allowed to do each thing. */
export const permissions = {
  "workspace.read": "viewer",
  "members.invite": "admin",
  "members.manage": "owner",
  "templates.write": "admin",
  "apiKeys.manage": "admin",
  "webhooks.manage": "admin",
  "tasks.write": "member",
  "agents.write": "member",
  "decisions.decide": "member",
  "runs.rate": "member",
  "feedback.classify": "member",
  "feedback.label": "member",
  "improver.chat": "member",
  "proposals.decide": "member",
  "rituals.run": "member",
  "rituals.manage": "admin",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof permissions;

export function atLeast(role: Role, minimum: Role): boolean {
  return rank[role] >= rank[minimum];
}

export function can(role: Role, permission: Permission): boolean {
  return atLeast(role, permissions[permission]);
}

/** Roles an inviter may hand out: never above their own. */
export function invitableRoles(inviter: Role): Role[] {
  return roles.filter((r) => atLeast(inviter, r));
}

export const roleLabels: Record<Role, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including roles and removing members" },
  admin: { label: "Admin", description: "Manages templates, API keys, settings and invitations" },
  member: { label: "Member", description: "Works tasks, decides proposals, rates runs, chats with improvers" },
  viewer: { label: "Viewer", description: "Reads everything, changes nothing" },
};
