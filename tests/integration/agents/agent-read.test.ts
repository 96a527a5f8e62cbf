import { describe, expect, it } from "vitest";
import { getAgent } from "@/features/agents/server";
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
});
