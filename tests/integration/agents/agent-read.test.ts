import { describe, expect, it } from "vitest";
import { getAgent, listAgentMessages } from "@/features/agents/server";
import { db } from "@/server/db";
import { makeAgentRow, makeTemplateRow, makeWorkspace } from "../../factories";
import { statementsDuring } from "../../support/statements";

// The agent page's header read: the agent with its template, the template's head version, its task
// and its state. Relations are joined into the one statement (Prisma's relationJoins); read one
// statement per relation, the page sent five.

describe("agent page read", () => {
  it("reads the agent with its template, head version, task and state in one statement, and only in its workspace", async () => {
    const { workspace } = await makeWorkspace();
    const { template, head } = await makeTemplateRow(workspace.id, {});
    const agent = await makeAgentRow(template);
    const task = await db.task.create({ data: { workspaceId: workspace.id, title: "Answer the refund backlog" } });
    await db.agent.update({ where: { id: agent.id }, data: { taskId: task.id } });

    const read = await statementsDuring(() => getAgent(workspace.id, agent.id));
    expect(read.result).toMatchObject({
      id: agent.id,
      template: { id: template.id, name: template.name, head: { number: head.number } },
      task: { id: task.id, title: "Answer the refund backlog", status: "open" },
    });
    expect(read.statements).toHaveLength(1);

    const { workspace: other } = await makeWorkspace();
    expect(await getAgent(other.id, agent.id)).toBeNull();
  });

  it("lists an agent's newest observations and reports up to the page's limits, says when there are more, and only in its workspace", async () => {
    const { workspace } = await makeWorkspace();
    const { template } = await makeTemplateRow(workspace.id, {});
    const agent = await makeAgentRow(template);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 9, i));
    const base = { workspaceId: workspace.id, agentId: agent.id, templateId: template.id };
    await db.agentMessage.createMany({ data: Array.from({ length: 12 }, (_, i) => ({ ...base, kind: "observation" as const, text: `observation ${i}`, createdAt: at(i) })) });
    await db.agentMessage.create({ data: { ...base, kind: "user", text: "not an observation", createdAt: at(30) } });
    await db.agentReport.createMany({ data: Array.from({ length: 3 }, (_, i) => ({ ...base, markdown: `report ${i}`, createdAt: at(i) })) });

    const shown = await listAgentMessages(workspace.id, agent.id, { observations: 10, reports: 3 });
    expect(shown.observations.map((o) => o.text)).toEqual(Array.from({ length: 10 }, (_, i) => `observation ${11 - i}`));
    expect(shown.moreObservations).toBe(true);
    expect(shown.reports.map((r) => r.markdown)).toEqual(["report 2", "report 1", "report 0"]);
    expect(shown.moreReports).toBe(false);

    const all = await listAgentMessages(workspace.id, agent.id, { observations: 12, reports: 2 });
    expect([all.observations.length, all.moreObservations, all.reports.length, all.moreReports]).toEqual([12, false, 2, true]);

    const { workspace: other } = await makeWorkspace();
    expect(await listAgentMessages(other.id, agent.id, { observations: 10, reports: 5 })).toEqual({ observations: [], moreObservations: false, reports: [], moreReports: false });
  });
});
