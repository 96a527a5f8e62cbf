import { describe, expect, it } from "vitest";
import { POST as postAgent } from "@/app/api/v1/agents/route";
import { POST as postChangeSet } from "@/app/api/v1/change-sets/route";
import { POST as postDecision } from "@/app/api/v1/decisions/route";
import { POST as postObservation } from "@/app/api/v1/observations/route";
import { POST as postRating } from "@/app/api/v1/ratings/route";
import { POST as postReport } from "@/app/api/v1/reports/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { POST as postTask } from "@/app/api/v1/tasks/route";
import { GET as getDirectives } from "@/app/api/v1/templates/[id]/directives/route";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { call, createApiWorld, createFinishedRun, createProposal, type ApiWorld } from "./fixtures";

/** Every row count the writes below could change, in both workspaces. */
async function snapshot(...worlds: ApiWorld[]) {
  const ids = worlds.map((w) => w.workspace.id);
  const where = { workspaceId: { in: ids } };
  return {
    agents: await db.agent.count({ where }),
    tasks: await db.task.count({ where }),
    runs: await db.wakeRun.count({ where }),
    messages: await db.agentMessage.count({ where }),
    reports: await db.agentReport.count({ where }),
    changeSets: await db.changeSet.count({ where }),
    decisions: await db.changeDecision.count({ where }),
    rated: await db.wakeRun.count({ where: { ...where, userRating: { not: null } } }),
  };
}

// A key of workspace B holding ids of workspace A: every service queries by the key's workspace,
// so A's rows do not exist for it.
describe("workspace scoping of API keys", () => {
  it("answers 404 to ids of another workspace and writes nothing anywhere", async () => {
    const a = await createApiWorld();
    const b = await createApiWorld();
    const run = await createFinishedRun(a);
    const { set } = await createProposal(a);
    const before = await snapshot(a, b);

    const attempts = [
      call(getDirectives, `/api/v1/templates/${a.template.id}/directives`, { key: b.key, params: { id: a.template.id } }),
      call(postAgent, "/api/v1/agents", { key: b.key, body: { templateId: a.template.id, displayName: "Intruder" } }),
      call(postTask, "/api/v1/tasks", { key: b.key, body: { title: `Task ${uid()}`, templateId: a.template.id } }),
      call(postRun, "/api/v1/runs", { key: b.key, body: { agentId: a.agent.id, reason: "manual", status: "succeeded" } }),
      call(postObservation, "/api/v1/observations", { key: b.key, body: { agentId: a.agent.id, text: "Sneaky" } }),
      call(postReport, "/api/v1/reports", { key: b.key, body: { agentId: a.agent.id, markdown: "Sneaky" } }),
      call(postChangeSet, "/api/v1/change-sets", { key: b.key, body: { agentId: a.agent.id, items: [{ tool: "noop", summary: "x" }] } }),
      call(postDecision, "/api/v1/decisions", { key: b.key, body: { changeItemId: set.items[0].id, verdict: "confirmed" } }),
      call(postRating, "/api/v1/ratings", { key: b.key, body: { runId: run.id, rating: 1 } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect(await snapshot(a, b)).toEqual(before);
    expect((await db.changeItem.findUniqueOrThrow({ where: { id: set.items[0].id } })).status).toBe("pending");
  });

  it("answers 404 to a foreign run or task referenced next to an own agent", async () => {
    const a = await createApiWorld();
    const b = await createApiWorld();
    const foreignRun = await createFinishedRun(a);
    const { task: foreignTask } = await createProposal(a);
    const before = await snapshot(a, b);
    const withRun = await call(postObservation, "/api/v1/observations", { key: b.key, body: { agentId: b.agent.id, text: "x", wakeRunId: foreignRun.id } });
    const withTask = await call(postChangeSet, "/api/v1/change-sets", { key: b.key, body: { agentId: b.agent.id, taskId: foreignTask.id, items: [{ tool: "noop", summary: "x" }] } });
    const agentOnTask = await call(postAgent, "/api/v1/agents", { key: b.key, body: { templateId: b.template.id, displayName: "x", taskId: foreignTask.id } });
    expect([withRun.status, withTask.status, agentOnTask.status]).toEqual([404, 404, 404]);
    expect(await snapshot(a, b)).toEqual(before);
  });
});
