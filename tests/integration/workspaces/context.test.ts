import { describe, expect, it } from "vitest";
import { getWorkspaceContextOrThrow } from "@/features/workspaces/server/workspace-context";
import { listMyWorkspaces } from "@/features/workspaces/server/queries";
import { db } from "@/server/db";
import { addMember, makeUser, makeWorkspace, uid } from "../../factories";
import { statementsDuring } from "../../support/statements";

// What every page, action and route reads first: the caller's membership of the workspace in the
// URL, and the sidebar's list of their workspaces — one statement each.
describe("the workspace context", () => {
  it("is the caller's membership of the workspace named by the slug, in one statement; not a member is 404 like no workspace", async () => {
    const { workspace, owner } = await makeWorkspace();
    const viewer = await addMember(workspace.id, "viewer");
    const user = { id: viewer.id, email: viewer.email, name: viewer.name };
    const read = await statementsDuring(() => getWorkspaceContextOrThrow(user, workspace.slug));
    expect(read.statements).toHaveLength(1);
    const membership = await db.membership.findFirstOrThrow({ where: { workspaceId: workspace.id, userId: viewer.id } });
    expect(read.result).toEqual({ user, workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name, dataVersion: 0 }, membership: { id: membership.id, role: "viewer" } });

    const outsider = await makeUser();
    await expect(getWorkspaceContextOrThrow({ id: outsider.id, email: outsider.email, name: null }, workspace.slug)).rejects.toMatchObject({ status: 404, message: "Workspace not found." });
    await expect(getWorkspaceContextOrThrow({ id: owner.id, email: owner.email, name: null }, `nope-${uid()}`)).rejects.toMatchObject({ status: 404, message: "Workspace not found." });
  });

  it("lists the user's workspaces by name with their role, in one statement, and no one else's", async () => {
    const user = await makeUser();
    const tag = uid();
    const b = await makeWorkspace({ fields: { name: `B ${tag}` } });
    const a = await makeWorkspace({ fields: { name: `A ${tag}` } });
    await makeWorkspace({ fields: { name: `C ${tag}` } }); // not theirs
    await db.membership.create({ data: { workspaceId: b.workspace.id, userId: user.id, role: "admin" } });
    await db.membership.create({ data: { workspaceId: a.workspace.id, userId: user.id, role: "viewer" } });
    const read = await statementsDuring(() => listMyWorkspaces(user.id));
    expect(read.statements).toHaveLength(1);
    expect(read.result).toEqual([
      { id: a.workspace.id, slug: a.workspace.slug, name: `A ${tag}`, role: "viewer" },
      { id: b.workspace.id, slug: b.workspace.slug, name: `B ${tag}`, role: "admin" },
    ]);
  });
});
