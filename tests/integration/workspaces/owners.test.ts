import { describe, expect, it } from "vitest";
import { changeMemberRoleAction } from "@/features/workspaces/actions/change-member-role";
import { removeMemberAction } from "@/features/workspaces/actions/remove-member";
import { ensureFirstWorkspace } from "@/features/workspaces/server/ensure-first-workspace";
import { db } from "@/server/db";
import { addMember, makeUser, makeWorkspace, membershipOf } from "../../factories";
import { actAs } from "../../support/session";

describe("roles and the last owner", () => {
  it("never lets the last owner be demoted or removed", async () => {
    const { workspace, owner } = await makeWorkspace();
    const m = (await membershipOf(workspace.id, owner.id))!;
    actAs(owner);
    expect(await changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: m.id, role: "admin" })).toMatchObject({
      ok: false,
      error: { status: 409, message: expect.stringMatching(/at least one owner/) },
    });
    expect(await removeMemberAction({ workspaceSlug: workspace.slug, membershipId: m.id })).toMatchObject({ ok: false, error: { status: 409 } });
    expect((await membershipOf(workspace.id, owner.id))?.role).toBe("owner");
  });

  it("lets an owner step down once another owner exists", async () => {
    const { workspace, owner, members } = await makeWorkspace({ roles: ["admin"] });
    const admin = (await membershipOf(workspace.id, members.admin.id))!;
    const me = (await membershipOf(workspace.id, owner.id))!;
    actAs(owner);
    expect((await changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: admin.id, role: "owner" })).ok).toBe(true);
    expect((await changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: me.id, role: "member" })).ok).toBe(true);
    expect((await membershipOf(workspace.id, owner.id))?.role).toBe("member");
  });

  it("two owners demoting each other at the same time leave one owner", async () => {
    const { workspace, owner } = await makeWorkspace();
    const second = await addMember(workspace.id, "owner");
    const a = (await membershipOf(workspace.id, owner.id))!;
    const b = (await membershipOf(workspace.id, second.id))!;
    // Both requests run as `owner` (role re-checked per call); each demotes a different owner.
    actAs(owner);
    const results = await Promise.all([
      changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: a.id, role: "member" }),
      changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: b.id, role: "member" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.membership.count({ where: { workspaceId: workspace.id, role: "owner" } })).toBe(1);
  });

  it("only owners change roles or remove others; anyone may leave", async () => {
    const { workspace, owner, members } = await makeWorkspace({ roles: ["admin", "member", "viewer"] });
    const viewer = (await membershipOf(workspace.id, members.viewer.id))!;
    const member = (await membershipOf(workspace.id, members.member.id))!;

    actAs(members.admin);
    expect(await changeMemberRoleAction({ workspaceSlug: workspace.slug, membershipId: viewer.id, role: "member" })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await removeMemberAction({ workspaceSlug: workspace.slug, membershipId: viewer.id })).toMatchObject({ ok: false, error: { status: 403 } });

    actAs(members.member);
    expect(await removeMemberAction({ workspaceSlug: workspace.slug, membershipId: member.id })).toEqual({ ok: true, data: { membershipId: member.id, left: true } });
    expect(await membershipOf(workspace.id, members.member.id)).toBeNull();

    actAs(owner);
    expect((await removeMemberAction({ workspaceSlug: workspace.slug, membershipId: viewer.id })).ok).toBe(true);
    expect(await membershipOf(workspace.id, members.viewer.id)).toBeNull();
  });
});

describe("first sign-in", () => {
  it("creates exactly one owned workspace, even for concurrent first requests", async () => {
    const user = await makeUser({ name: "Ada Lovelace" });
    const slugs = await Promise.all([ensureFirstWorkspace(user), ensureFirstWorkspace(user), ensureFirstWorkspace(user)]);
    expect(slugs.filter(Boolean)).toHaveLength(1);
    const memberships = await db.membership.findMany({ where: { userId: user.id }, include: { workspace: true } });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ role: "owner", workspace: { name: "Ada Lovelace's workspace" } });
    expect(await ensureFirstWorkspace(user)).toBeNull();
  });
});
