import { describe, expect, it } from "vitest";
import { rateRunAction } from "@/features/agents/actions/rate-run";
import { decideChangeItemsAction } from "@/features/decisions/actions/decide-change-items";
import { listOpenItems } from "@/features/decisions/server/queries";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeChangeSet, makeRun, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// The task page and the run page decide proposals and rate runs with the inbox's own action and
// rules: what they list, and what a double click or a second tab does.

async function setup() {
  const ws = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await createTemplateWithImprover({ scope: ws.scope, name: `In place ${uid()}`, directives: "Help people finish tasks." });
  const { task, agent } = await createTask({ scope: ws.scope, title: "Plan the offsite", templateId: template.id });
  const run = await makeRun(ws.scope, agent!.id);
  const set = await makeChangeSet(ws.scope, agent!.id, [
    { tool: "propose_checklist_items", args: { items: ["Book the venue"] }, summary: "Add a step" },
    { tool: "propose_estimate", args: { minutes: 45 }, summary: "45 minutes" },
  ], { wakeRunId: run.id });
  return { ...ws, slug: ws.workspace.slug, task, agent: agent!, run, items: set.items };
}

describe("deciding where the work is", () => {
  it("lists a task's and a run's open proposals with what a decision card shows, never another workspace's or decided ones", async () => {
    const s = await setup();
    const other = await setup();
    const [checklist, estimate] = s.items;
    await db.changeItem.update({ where: { id: estimate.id }, data: { status: "deferred" } });
    const laterRun = await makeRun(s.scope, s.agent.id);
    const later = await makeChangeSet(s.scope, s.agent.id, [{ tool: "propose_status", args: { status: "done" }, summary: "Mark done" }], { wakeRunId: laterRun.id });

    const forTask = await listOpenItems({ workspaceId: s.workspace.id, taskId: s.task.id });
    expect(forTask.map((i) => [i.summary, i.status])).toEqual([["Add a step", "pending"], ["45 minutes", "deferred"], ["Mark done", "pending"]]);
    expect(forTask[0]).toMatchObject({ id: checklist.id, tool: "propose_checklist_items", agent: { id: s.agent.id }, task: { id: s.task.id, title: "Plan the offsite" } });

    expect((await listOpenItems({ workspaceId: s.workspace.id, wakeRunId: s.run.id })).map((i) => i.summary)).toEqual(["Add a step", "45 minutes"]);
    expect((await listOpenItems({ workspaceId: s.workspace.id, wakeRunId: laterRun.id })).map((i) => i.id)).toEqual([later.items[0].id]);

    // Another workspace's task or run lists nothing here.
    expect(await listOpenItems({ workspaceId: s.workspace.id, taskId: other.task.id })).toEqual([]);
    expect(await listOpenItems({ workspaceId: s.workspace.id, wakeRunId: other.run.id })).toEqual([]);

    actAs(s.members.member);
    expect((await decideChangeItemsAction({ workspaceSlug: s.slug, itemIds: [checklist.id], verdict: "confirmed" })).ok).toBe(true);
    expect((await listOpenItems({ workspaceId: s.workspace.id, wakeRunId: s.run.id })).map((i) => i.summary)).toEqual(["45 minutes"]);
  });

  it("a double click on Confirm applies the proposal once: the second call is refused as already decided", async () => {
    const s = await setup();
    actAs(s.members.member);
    const input = { workspaceSlug: s.slug, itemIds: [s.items[0].id], verdict: "confirmed" as const };
    const results = await Promise.all([decideChangeItemsAction(input), decideChangeItemsAction(input)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { status: 409, message: "This item was already decided." } });
    const task = await db.task.findUniqueOrThrow({ where: { id: s.task.id } });
    expect((task.checklist as { text: string }[]).map((c) => c.text)).toEqual(["Book the venue"]);
    expect(await db.changeDecision.count({ where: { changeItemId: s.items[0].id } })).toBe(1);
  });

  it("deferring an item that is already deferred records nothing new; it can still be confirmed later", async () => {
    const s = await setup();
    actAs(s.members.member);
    const input = { workspaceSlug: s.slug, itemIds: [s.items[1].id], verdict: "deferred" as const };
    expect(await decideChangeItemsAction(input)).toMatchObject({ ok: true, data: { decided: 1 } });
    expect(await decideChangeItemsAction(input)).toMatchObject({ ok: true, data: { decided: 0 } });
    expect(await db.changeDecision.count({ where: { changeItemId: s.items[1].id } })).toBe(1);
    expect(await decideChangeItemsAction({ ...input, verdict: "confirmed" })).toMatchObject({ ok: true, data: { decided: 1, applied: 1 } });
    expect((await db.task.findUniqueOrThrow({ where: { id: s.task.id } })).estimateMinutes).toBe(45);
  });

  it("a viewer can neither decide nor rate from these pages, and a member rates the run shown", async () => {
    const s = await setup();
    actAs(s.members.viewer);
    expect(await decideChangeItemsAction({ workspaceSlug: s.slug, itemIds: [s.items[0].id], verdict: "confirmed" })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await rateRunAction({ workspaceSlug: s.slug, runId: s.run.id, rating: 0.7 })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(s.members.member);
    expect(await rateRunAction({ workspaceSlug: s.slug, runId: s.run.id, rating: 0.7 })).toMatchObject({ ok: true });
    expect(await db.wakeRun.findUniqueOrThrow({ where: { id: s.run.id } })).toMatchObject({ userRating: 0.7, ratedById: s.members.member.id });
  });

  it("finds a task's open proposals through its change sets, however many other open proposals the workspace holds", async () => {
    const s = await setup();
    // 3,000 open proposals of the workspace in change sets of no task, one each.
    await db.$executeRaw`
      WITH sets AS (
        INSERT INTO "ChangeSet" ("id", "workspaceId", "agentId", "templateId")
        SELECT 'other_set_' || ${uid()} || '_' || i, ${s.workspace.id}, ${s.agent.id}, ${s.agent.templateId} FROM generate_series(1, 3000) AS g(i)
        RETURNING "id")
      INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "summary")
      SELECT 'item_' || "id", ${s.workspace.id}, "id", ${s.agent.id}, ${s.agent.templateId}, 'propose_estimate', 'Another proposal' FROM sets`;
    await db.$executeRawUnsafe(`ANALYZE "ChangeSet"`);
    await db.$executeRawUnsafe(`ANALYZE "ChangeItem"`);
    // listOpenItems' statement for a task, as Prisma writes it (a join on the change set).
    type Node = Record<string, unknown> & { Plans?: Node[] };
    const [{ "QUERY PLAN": [plan] }] = await db.$queryRawUnsafe<{ "QUERY PLAN": { Plan: Node }[] }[]>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT i."id" FROM "ChangeItem" i LEFT JOIN "ChangeSet" j0 ON j0."id" = i."changeSetId"
       WHERE i."workspaceId" = $1 AND i."status" IN ('pending', 'deferred') AND (j0."workspaceId" = $1 AND j0."taskId" = $2 AND j0."id" IS NOT NULL)
       ORDER BY i."createdAt", i."id" LIMIT 50`,
      s.workspace.id,
      s.task.id,
    );
    const read = (n: Node): number =>
      (["ChangeItem", "ChangeSet"].includes(String(n["Relation Name"])) ? Number(n["Actual Rows"]) * Number(n["Actual Loops"] ?? 1) + Number(n["Rows Removed by Filter"] ?? 0) : 0) +
      (n.Plans ?? []).reduce((sum, c) => sum + read(c), 0);
    expect(read(plan.Plan)).toBeLessThanOrEqual(10);
    expect((await listOpenItems({ workspaceId: s.workspace.id, taskId: s.task.id })).map((i) => i.summary)).toEqual(["Add a step", "45 minutes"]);
  });
});
