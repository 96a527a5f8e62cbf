import { describe, expect, it } from "vitest";
import { countPendingDecisions } from "@/features/decisions/server/queries";
import { countOpenNotifications } from "@/features/notifications/server/queries";
import { readPageWorkspace } from "@/features/workspaces/server/page-context";
import { getWorkspaceContextOrThrow } from "@/features/workspaces/server/workspace-context";
import { listMyWorkspaces } from "@/features/workspaces/server/queries";
import { db } from "@/server/db";
import { addMember, makeAgentRow, makeChangeItemRows, makeNotification, makeTemplateRow, makeUser, makeWorkspace, uid } from "../../factories";
import { statementsDuring } from "../../support/statements";

// What every page, action and route reads first: the caller's membership of the workspace in the
// URL, and the sidebar's list of their workspaces — one statement each; a page reads both, with the
// shell's two badges, in one statement.
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

  it("gives a page the context, the switcher's list and both badges in one statement, equal to what each read gives alone", async () => {
    const { workspace, owner } = await makeWorkspace({ fields: { name: `B ${uid()}` } });
    const member = await addMember(workspace.id, "member");
    const other = await makeWorkspace({ fields: { name: `A ${uid()}` } });
    await addMember(other.workspace.id, "admin", member);
    const { template } = await makeTemplateRow(workspace.id);
    const agent = await makeAgentRow(template);
    await makeChangeItemRows(agent, 5, { status: (i) => (i < 3 ? "pending" : i === 3 ? "deferred" : "confirmed") });
    const otherAgent = await makeAgentRow((await makeTemplateRow(other.workspace.id)).template);
    await makeChangeItemRows(otherAgent, 2); // another workspace's
    await makeNotification(workspace, member.id); // open
    await makeNotification(workspace, member.id); // open
    await makeNotification(workspace, member.id, { readAt: new Date() });
    await makeNotification(workspace, member.id, { resolvedAt: new Date() });
    await makeNotification(workspace, owner.id); // someone else's
    await makeNotification(other.workspace, member.id); // another workspace's

    const user = { id: member.id, email: member.email, name: member.name };
    const read = await statementsDuring(() => readPageWorkspace(user, workspace.slug));
    expect(read.statements).toHaveLength(1);
    expect(read.result).toEqual({
      ctx: await getWorkspaceContextOrThrow(user, workspace.slug),
      shell: {
        workspaces: await listMyWorkspaces(member.id),
        pendingDecisions: await countPendingDecisions(workspace.id),
        openNotifications: await countOpenNotifications(member.id, workspace.id),
      },
    });
    expect(read.result?.shell).toMatchObject({ pendingDecisions: { value: 3, capped: false }, openNotifications: 2 });
    expect(read.result?.shell.workspaces.map((w) => w.role)).toEqual(["admin", "member"]);

    expect(await readPageWorkspace({ id: (await makeUser()).id, email: "x@example.com", name: null }, workspace.slug)).toBeNull();
    expect(await readPageWorkspace(user, `nope-${uid()}`)).toBeNull();
  });

  it("counts at most 1,001 pending proposals for the badge (1,000+)", async () => {
    const { workspace, owner } = await makeWorkspace();
    await makeChangeItemRows(await makeAgentRow((await makeTemplateRow(workspace.id)).template), 1_003);
    const page = await readPageWorkspace({ id: owner.id, email: owner.email, name: null }, workspace.slug);
    expect(page?.shell.pendingDecisions).toEqual({ value: 1_000, capped: true });
  });
});
