import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/workspaces/[slug]/agents/[id]/live/route";
import { createTemplate } from "@/features/templates/server/create-template";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { createWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

const call = (slug: string, id: string) => GET(new Request(`http://localhost/api/workspaces/${slug}/agents/${id}/live`), { params: Promise.resolve({ slug, id }) });

describe("live run status route", () => {
  it("shows a member the running phase; outsiders get 404, signed-out 401, junk ids 404", async () => {
    const { workspace, owner, members } = await createWorkspace({ roles: ["viewer"] });
    const scope = { workspaceId: workspace.id, actorUserId: owner.id };
    const template = await createTemplate({ scope, name: `Live ${uid()}`, directives: "Help people finish tasks." });
    const { agent } = await createTask({ scope, title: "Watch me run", templateId: template.id });
    const run = await db.wakeRun.create({
      data: { workspaceId: workspace.id, agentId: agent!.id, templateId: template.id, templateVersionId: template.headVersionId, reason: "manual", status: "running", phase: "evaluating", phaseIteration: 2 },
    });

    actAs(members.viewer);
    const res = await call(workspace.slug, agent!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ running: { id: run.id, phase: "evaluating", iteration: 2 }, lastFinishedRunId: null });

    const outsider = await createWorkspace();
    actAs(outsider.owner);
    expect((await call(workspace.slug, agent!.id)).status).toBe(404);
    actAs(null);
    expect((await call(workspace.slug, agent!.id)).status).toBe(401);
    actAs(owner);
    expect((await call("Not A Slug!", agent!.id)).status).toBe(404);

    await db.wakeRun.update({ where: { id: run.id }, data: { status: "succeeded", phase: null } });
    expect(await (await call(workspace.slug, agent!.id)).json()).toEqual({ running: null, lastFinishedRunId: run.id });
  });

  it("names a run that started and finished between two polls, so the page knows its data is stale", async () => {
    const { workspace, owner } = await createWorkspace();
    const scope = { workspaceId: workspace.id, actorUserId: owner.id };
    const template = await createTemplate({ scope, name: `Live ${uid()}`, directives: "Help people finish tasks." });
    const { agent } = await createTask({ scope, title: "Quick one", templateId: template.id });
    actAs(owner);
    const before = await (await call(workspace.slug, agent!.id)).json();
    const quick = await db.wakeRun.create({
      data: { workspaceId: workspace.id, agentId: agent!.id, templateId: template.id, templateVersionId: template.headVersionId, reason: "creation", status: "succeeded", finishedAt: new Date() },
    });
    const after = await (await call(workspace.slug, agent!.id)).json();
    expect(before).toEqual({ running: null, lastFinishedRunId: null });
    expect(after).toEqual({ running: null, lastFinishedRunId: quick.id });
  });
});
