import { describe, expect, it } from "vitest";
import { atLeast, can, invitableRoles, permissions, roles, type Role } from "@/features/workspaces/permissions";

describe("roles and permissions", () => {
  it.each([
    ["owner", "members.manage", true],
    ["admin", "members.manage", false],
    ["admin", "members.invite", true],
    ["member", "members.invite", false],
    ["viewer", "members.invite", false],
    ["viewer", "workspace.read", true],
  ] as const)("%s may %s: %s", (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it("orders roles owner > admin > member > viewer", () => {
    expect(roles.filter((r) => atLeast(r, "member"))).toEqual(["owner", "admin", "member"]);
  });

  it("never lets an inviter hand out a role above their own", () => {
    expect(invitableRoles("admin")).toEqual(["admin", "member", "viewer"]);
    expect(invitableRoles("owner")).toEqual(["owner", "admin", "member", "viewer"]);
  });

  it("gives every permission a real role", () => {
    for (const minimum of Object.values(permissions)) expect(roles).toContain(minimum as Role);
  });
});
