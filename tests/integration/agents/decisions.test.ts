import { describe, expect, it } from "vitest";
import { recordObservation } from "@/features/agents/server/record-message";
import { createChangeSet } from "@/features/decisions/server/create-change-set";
import { listInboxPage } from "@/features/decisions/server/list-inbox-page";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";

async function setup() {
  const { scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `Tasks ${uid()}`, directives: "Help people finish tasks." });
  const { task, agent } = await createTask({ scope, title: "Prepare the quarterly report", templateId: template.id });
  return { scope, task, agent: agent! };
}

describe("change decisions", () => {
  it("confirming applies status, estimate and checklist proposals to the task", async () => {
    const { scope, task, agent } = await setup();
    const set = await createChangeSet({
      scope,
      agentId: agent.id,
      items: [
        { tool: "propose_status", args: { status: "done" }, summary: "Mark done" },
        { tool: "propose_estimate", args: { minutes: 90 }, summary: "90 minutes" },
        { tool: "propose_checklist_items", args: { items: ["Collect numbers", "Write summary"] }, summary: "Two steps" },
      ],
    });
    expect(set.taskId).toBe(task.id);
    const res = await decideChangeItems({ scope, itemIds: set.items.map((i) => i.id), verdict: "confirmed" });
    expect(res).toEqual({ decided: 3, applied: 3, verdict: "confirmed" });
    const after = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(after.status).toBe("done");
    expect(after.completedAt).toBeInstanceOf(Date);
    expect(after.estimateMinutes).toBe(90);
    expect((after.checklist as { text: string }[]).map((c) => c.text)).toEqual(["Collect numbers", "Write summary"]);
    const decisions = await db.changeDecision.findMany({ where: { changeItemId: { in: set.items.map((i) => i.id) } } });
    expect(decisions.every((d) => d.verdict === "confirmed" && d.decidedById === scope.actorUserId)).toBe(true);
  });

  it("rejecting keeps the task, records the reason, and a decided item cannot be decided again", async () => {
    const { scope, task, agent } = await setup();
    const set = await createChangeSet({ scope, agentId: agent.id, items: [{ tool: "propose_status", args: { status: "done" }, summary: "Mark done" }] });
    const [item] = set.items;
    await decideChangeItems({ scope, itemIds: [item.id], verdict: "rejected", reason: "Numbers are not in yet" });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe("open");
    expect(await db.changeDecision.findFirst({ where: { changeItemId: item.id } })).toMatchObject({ verdict: "rejected", reason: "Numbers are not in yet" });
    await expect(decideChangeItems({ scope, itemIds: [item.id], verdict: "confirmed" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a deferred item can be decided later; a bulk with a foreign id writes nothing", async () => {
    const { scope, agent } = await setup();
    const other = await setup();
    const set = await createChangeSet({ scope, agentId: agent.id, items: [{ tool: "propose_estimate", args: { minutes: 15 }, summary: "15 min" }] });
    const foreign = await createChangeSet({ scope: other.scope, agentId: other.agent.id, items: [{ tool: "propose_estimate", args: { minutes: 5 }, summary: "5 min" }] });
    await decideChangeItems({ scope, itemIds: [set.items[0].id], verdict: "deferred" });
    await expect(decideChangeItems({ scope, itemIds: [set.items[0].id, foreign.items[0].id], verdict: "confirmed" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.changeItem.findUniqueOrThrow({ where: { id: set.items[0].id } })).status).toBe("deferred");
    await decideChangeItems({ scope, itemIds: [set.items[0].id], verdict: "confirmed" });
    expect(await db.changeDecision.count({ where: { changeItemId: set.items[0].id } })).toBe(2);
    expect((await db.changeItem.findUniqueOrThrow({ where: { id: foreign.items[0].id } })).status).toBe("pending");
  });

  it("observations are searchable through the generated tsvector", async () => {
    const { scope, agent } = await setup();
    const word = `zebra${uid()}`;
    await recordObservation({ scope, agentId: agent.id, text: `The ${word} estimate was far too optimistic` });
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "AgentMessage" WHERE "search" @@ websearch_to_tsquery('english', ${word})`;
    expect(rows).toHaveLength(1);
  });

  it("the inbox says when it shows only the oldest items, and narrows to one task so a new task's proposals are never hidden", async () => {
    const { scope, agent } = await setup();
    for (let i = 0; i < 3; i++) await createChangeSet({ scope, agentId: agent.id, items: [{ tool: "propose_estimate", args: { minutes: 10 + i }, summary: `Old ${i}` }] });
    const other = await createTask({ scope, title: "A brand new task", templateId: (await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).templateId });
    await createChangeSet({ scope, agentId: other.agent!.id, items: [{ tool: "propose_estimate", args: { minutes: 30 }, summary: "New" }] });

    const capped = await listInboxPage({ workspaceId: scope.workspaceId, limit: 2 });
    expect(capped.items.map((i) => i.summary)).toEqual(["Old 0", "Old 1"]);
    expect(capped.total).toEqual({ value: 4, capped: false });

    const forTask = await listInboxPage({ workspaceId: scope.workspaceId, taskId: other.task.id, limit: 2 });
    expect(forTask.items.map((i) => i.summary)).toEqual(["New"]);
    expect(forTask).toMatchObject({ total: { value: 1 }, pending: { value: 1 }, deferred: { value: 0 } });
  });
});
