import { describe, expect, it } from "vitest";
import { inviteMemberAction } from "@/features/workspaces/actions/invite-member";
import { changeMemberRoleAction } from "@/features/workspaces/actions/change-member-role";
import { db } from "@/server/db";
import { makeUser, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// The action client: zod → session → membership → role, before any handler runs.
describe("workspace action client", () => {
  it("answers 400 with per-field messages for bad input, before anything else", async () => {
    const { workspace, owner } = await makeWorkspace();
    actAs(owner);
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email: "not-an-email", role: "member" });
    expect(res).toMatchObject({ ok: false, error: { status: 400, code: "BAD_REQUEST" } });
    expect(!res.ok && res.error.fieldErrors?.email?.[0]).toBe("Enter a valid email address.");

    const badRole = await inviteMemberAction({ workspaceSlug: workspace.slug, email: "a@example.test", role: "superuser" as never });
    expect(!badRole.ok && badRole.error.fieldErrors?.role).toBeTruthy();
  });

  it("answers 401 when signed out", async () => {
    const { workspace } = await makeWorkspace();
    actAs(null);
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email: `x-${uid()}@example.test`, role: "member" });
    expect(res).toMatchObject({ ok: false, error: { status: 401 } });
  });

  it("answers 404 to a user of another workspace, exactly as for a missing workspace, and writes nothing", async () => {
    const { workspace } = await makeWorkspace();
    const outsider = await makeWorkspace();
    actAs(outsider.owner);
    const email = `x-${uid()}@example.test`;
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email, role: "member" });
    expect(res).toMatchObject({ ok: false, error: { status: 404, message: "Workspace not found." } });
    const missing = await inviteMemberAction({ workspaceSlug: `nope-${uid()}`, email, role: "member" });
    expect(missing).toEqual(res);
    expect(await db.invitation.count({ where: { email } })).toBe(0);
  });

  it("answers 403 when the role is too low: viewers and members cannot invite", async () => {
    const { workspace, members } = await makeWorkspace({ roles: ["viewer", "member"] });
    for (const role of ["viewer", "member"] as const) {
      actAs(members[role]);
      const email = `x-${uid()}@example.test`;
      const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email, role: "viewer" });
      expect(res).toMatchObject({ ok: false, error: { status: 403, code: "FORBIDDEN" } });
      expect(await db.invitation.count({ where: { email } })).toBe(0);
    }
  });

  it("lets an admin invite, never above their own role", async () => {
    const { workspace, members } = await makeWorkspace({ roles: ["admin"] });
    actAs(members.admin);
    const email = `New-${uid()}@Example.test`;
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email, role: "member" });
    if (!res.ok) throw new Error(res.error.message);
    const invitation = await db.invitation.findFirstOrThrow({ where: { workspaceId: workspace.id, email: email.toLowerCase() } });
    expect(invitation.role).toBe("member");
    expect(res.data.inviteUrl).not.toContain(invitation.tokenHash); // only the hash is stored
    const mail = await db.emailMessage.findFirstOrThrow({ where: { to: email.toLowerCase(), kind: "invitation" } });
    expect(mail.text).toContain(res.data.inviteUrl);

    const owner = await inviteMemberAction({ workspaceSlug: workspace.slug, email: `o-${uid()}@example.test`, role: "owner" });
    expect(owner).toMatchObject({ ok: false, error: { status: 403 } });
  });

  it("refuses to invite an existing member (409)", async () => {
    const { workspace, owner, members } = await makeWorkspace({ roles: ["member"] });
    actAs(owner);
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email: members.member.email, role: "viewer" });
    expect(res).toMatchObject({ ok: false, error: { status: 409 } });
  });

  it("scopes by workspace: a membership id from another workspace is not found", async () => {
    const a = await makeWorkspace();
    const b = await makeWorkspace({ roles: ["member"] });
    const foreign = await db.membership.findFirstOrThrow({ where: { workspaceId: b.workspace.id, role: "member" } });
    actAs(a.owner);
    const res = await changeMemberRoleAction({ workspaceSlug: a.workspace.slug, membershipId: foreign.id, role: "admin" });
    expect(res).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await db.membership.findUniqueOrThrow({ where: { id: foreign.id } })).role).toBe("member");
  });

  it("an unknown user id in the session still gets nothing", async () => {
    const { workspace } = await makeWorkspace();
    actAs({ id: "ghost", email: "ghost@example.test", name: null });
    const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email: `x-${uid()}@example.test`, role: "member" });
    expect(res).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it("makeUser factory makes unique users", async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    expect(a.email).not.toBe(b.email);
  });
});
