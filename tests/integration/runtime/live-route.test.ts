import { describe, expect, it } from "vitest";
import { agentWakeRequested } from "@/inngest/events";
import { createTaskAgentWakeFunction } from "@/inngest/functions/task-agent-wake";
import { GET } from "@/app/api/workspaces/[slug]/agents/[id]/live/route";
import { db } from "@/server/db";
import type { Role } from "@/features/workspaces/permissions";
import { makeRunRow, makeTask, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";
import { executorsForThisFile, gate, testClock } from "../jobs/harness";

const call = (slug: string, id: string) => GET(new Request(`http://localhost/api/workspaces/${slug}/agents/${id}/live`), { params: Promise.resolve({ slug, id }) });

/** A workspace (with a member per role asked for) and a task whose agent runs on a template. */
async function taskWithAgent(title: string, roles: Role[] = []) {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles });
  const template = await makeTemplate(scope, { name: `Live ${uid()}`, directives: "Help people finish tasks." });
  const { agent } = await makeTask(scope, { title, templateId: template.id });
  return { workspace, owner, members, scope, template, agent };
}

describe("live run status route", () => {
  const newExecutor = executorsForThisFile();

  it("shows a member the running phase; outsiders get 404, signed-out 401, junk ids 404", async () => {
    const { workspace, owner, members, template, agent } = await taskWithAgent("Watch me run", ["viewer"]);
    const run = await makeRunRow(agent!, { templateVersionId: template.headVersionId!, reason: "manual", status: "running", phase: "evaluating", phaseIteration: 2 });

    actAs(members.viewer);
    const res = await call(workspace.slug, agent!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ running: { id: run.id, phase: "evaluating", iteration: 2 }, lastFinishedRunId: null });

    const outsider = await makeWorkspace();
    actAs(outsider.owner);
    expect((await call(workspace.slug, agent!.id)).status).toBe(404);
    actAs(null);
    expect((await call(workspace.slug, agent!.id)).status).toBe(401);
    actAs(owner);
    expect((await call("Not A Slug!", agent!.id)).status).toBe(404);
    expect((await call(workspace.slug, "does-not-exist")).status).toBe(404);
    // Another workspace's agent, asked for through its own workspace: 404 too, not an empty status.
    actAs(outsider.owner);
    expect((await call(outsider.workspace.slug, agent!.id)).status).toBe(404);
    actAs(owner);

    await db.wakeRun.update({ where: { id: run.id }, data: { status: "succeeded", phase: null } });
    expect(await (await call(workspace.slug, agent!.id)).json()).toEqual({ running: null, lastFinishedRunId: run.id, queued: null, starting: false });
  });

  it("names a run that started and finished between two polls, so the page knows its data is stale", async () => {
    const { workspace, owner, template, agent } = await taskWithAgent("Quick one");
    actAs(owner);
    const before = await (await call(workspace.slug, agent!.id)).json();
    const quick = await makeRunRow(agent!, { templateVersionId: template.headVersionId!, reason: "creation", status: "succeeded", finishedAt: new Date() });
    const after = await (await call(workspace.slug, agent!.id)).json();
    expect(before).toEqual({ running: null, lastFinishedRunId: null, queued: null, starting: false });
    expect(after).toEqual({ running: null, lastFinishedRunId: quick.id, queued: null, starting: false });
  });

  it("shows a wake asked for but not started yet (the debounce) as queued, until it has run", async () => {
    const { workspace, owner, agent } = await taskWithAgent("Run me");
    const clock = testClock(Date.now());
    const woke: string[] = [];
    // The app's function id (the live status reads its runs), with a stand-in wake.
    const fn = createTaskAgentWakeFunction({ wake: async (input) => (woke.push(input.agentId), { runId: null, status: "skipped" }) });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([{ name: agentWakeRequested.name, data: { workspaceId: workspace.id, agentId: agent!.id, reason: "manual" } }]);

    actAs(owner);
    const queued = await (await call(workspace.slug, agent!.id)).json();
    expect(queued).toMatchObject({ running: null, queued: { startsAt: new Date(clock.start + 5_000).toISOString() } });
    // Another workspace's member never sees it (404 before any status).
    actAs((await makeWorkspace()).owner);
    expect((await call(workspace.slug, agent!.id)).status).toBe(404);

    clock.advance(5_000);
    await executor.drain();
    expect(woke).toEqual([agent!.id]);
    actAs(owner);
    expect(await (await call(workspace.slug, agent!.id)).json()).toMatchObject({ queued: null });
  });

  it("a wake the executor has begun but whose run is not open yet shows as starting, not idle", async () => {
    const { workspace, owner, agent } = await taskWithAgent("Start me");
    const clock = testClock(Date.now());
    const began = gate();
    const release = gate();
    const fn = createTaskAgentWakeFunction({
      wake: async () => {
        began.open();
        await release.opened;
        return { runId: null, status: "skipped" };
      },
    });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([{ name: agentWakeRequested.name, data: { workspaceId: workspace.id, agentId: agent!.id, reason: "manual" } }]);
    clock.advance(5_000);
    const drained = executor.drain();
    await began.opened;
    actAs(owner);
    expect(await (await call(workspace.slug, agent!.id)).json()).toMatchObject({ running: null, queued: null, starting: true });
    release.open();
    await drained;
    expect(await (await call(workspace.slug, agent!.id)).json()).toMatchObject({ running: null, queued: null, starting: false });
  });
});
