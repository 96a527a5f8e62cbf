import { describe, expect, it } from "vitest";
import { acceptInvitationAction } from "@/features/workspaces/actions/accept-invitation";
import { inviteMemberAction } from "@/features/workspaces/actions/invite-member";
import { revokeInvitationAction } from "@/features/workspaces/actions/revoke-invitation";
import { db } from "@/server/db";
import { makeUser, makeWorkspace, membershipOf } from "../../factories";
import { actAs } from "../../support/session";

async function invite(role: "admin" | "member" | "viewer" = "member") {
  const { workspace, owner } = await makeWorkspace();
  const invitee = await makeUser();
  actAs(owner);
  const res = await inviteMemberAction({ workspaceSlug: workspace.slug, email: invitee.email, role });
  if (!res.ok) throw new Error(res.error.message);
  const token = new URL(res.data.inviteUrl).pathname.split("/").pop()!;
  return { workspace, owner, invitee, token, invitationId: res.data.invitationId };
}

describe("invitations", () => {
  it("joins the invitee with the invited role, once", async () => {
    const { workspace, invitee, token } = await invite("viewer");
    actAs(invitee);
    expect(await acceptInvitationAction({ token })).toEqual({ ok: true, data: { workspaceSlug: workspace.slug } });
    expect((await membershipOf(workspace.id, invitee.id))?.role).toBe("viewer");

    const again = await acceptInvitationAction({ token });
    expect(again).toMatchObject({ ok: false, error: { status: 410, message: "This invitation has already been used." } });
  });

  it("cannot be used by another user, even after the invitee used it", async () => {
    const { workspace, invitee, token } = await invite();
    const other = await makeUser();
    actAs(other);
    expect(await acceptInvitationAction({ token })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(invitee);
    expect((await acceptInvitationAction({ token })).ok).toBe(true);
    actAs(other);
    expect(await acceptInvitationAction({ token })).toMatchObject({ ok: false, error: { status: 410 } });
    expect(await membershipOf(workspace.id, other.id)).toBeNull();
  });

  it("expires", async () => {
    const { workspace, invitee, token, invitationId } = await invite();
    await db.invitation.update({ where: { id: invitationId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    actAs(invitee);
    expect(await acceptInvitationAction({ token })).toMatchObject({ ok: false, error: { status: 410, message: expect.stringMatching(/expired/) } });
    expect(await membershipOf(workspace.id, invitee.id)).toBeNull();
  });

  it("stops working when revoked, and when a newer invitation replaces it", async () => {
    const first = await invite();
    actAs(first.owner);
    expect((await revokeInvitationAction({ workspaceSlug: first.workspace.slug, invitationId: first.invitationId })).ok).toBe(true);
    actAs(first.invitee);
    expect(await acceptInvitationAction({ token: first.token })).toMatchObject({ ok: false, error: { status: 410 } });

    const second = await invite();
    actAs(second.owner);
    const again = await inviteMemberAction({ workspaceSlug: second.workspace.slug, email: second.invitee.email, role: "admin" });
    expect(again.ok).toBe(true);
    actAs(second.invitee);
    expect(await acceptInvitationAction({ token: second.token })).toMatchObject({ ok: false, error: { status: 410 } });
  });

  it("is single use under concurrency: two simultaneous accepts, one membership", async () => {
    const { workspace, invitee, token } = await invite();
    actAs(invitee);
    const results = await Promise.all([acceptInvitationAction({ token }), acceptInvitationAction({ token }), acceptInvitationAction({ token })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error.status === 410)).toBe(true);
    expect(await db.membership.count({ where: { workspaceId: workspace.id, userId: invitee.id } })).toBe(1);
  });

  it("rejects a malformed or unknown token with a clear 4xx", async () => {
    const user = await makeUser();
    actAs(user);
    expect(await acceptInvitationAction({ token: "short" })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await acceptInvitationAction({ token: "x".repeat(43) })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it("cannot revoke an invitation of another workspace", async () => {
    const { invitationId } = await invite();
    const other = await makeWorkspace();
    actAs(other.owner);
    expect(await revokeInvitationAction({ workspaceSlug: other.workspace.slug, invitationId })).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await db.invitation.findUniqueOrThrow({ where: { id: invitationId } })).revokedAt).toBeNull();
  });
});
