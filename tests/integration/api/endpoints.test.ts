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
import { GET as getTemplates } from "@/app/api/v1/templates/route";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { call, createApiWorld, createFinishedRun, createProposal } from "./fixtures";

/** The body must be exactly what the OpenAPI document promises (parse strips unknown keys). */
function expectDocumented(operation: keyof typeof apiEndpoints, body: unknown) {
  expect(apiEndpoints[operation].response.parse(body)).toEqual(body);
}

describe("GET /api/v1/templates", () => {
  it("lists the key's workspace templates with their head version number, and nothing else", async () => {
    const world = await createApiWorld({ scopes: ["read"] });
    const other = await createApiWorld();
    const res = await call(getTemplates, "/api/v1/templates", { key: world.key });
    expect(res.status).toBe(200);
    expectDocumented("listTemplates", res.body);
    expect(res.body.templates).toEqual([{ id: world.template.id, name: world.template.name, kind: "taskAgent", headVersion: 1 }]);
    expect(res.text).not.toContain(other.template.id);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/v1/templates/{id}/directives", () => {
  it("returns the active (head) version", async () => {
    const world = await createApiWorld({ scopes: ["read"] });
    const v2 = await createTemplateVersion({ scope: world.scope, templateId: world.template.id, directives: "Version two: cite the ticket id.", authoredBy: "user" });
    const res = await call(getDirectives, `/api/v1/templates/${world.template.id}/directives`, { key: world.key, params: { id: world.template.id } });
    expect(res.status).toBe(200);
    expectDocumented("getTemplateDirectives", res.body);
    expect(res.body).toEqual({ templateId: world.template.id, versionId: v2.id, version: 2, directives: "Version two: cite the ticket id." });
  });

  it("answers 404 for an unknown template", async () => {
    const world = await createApiWorld();
    const res = await call(getDirectives, "/api/v1/templates/nope/directives", { key: world.key, params: { id: `missing-${uid()}` } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: "Template not found." } });
  });
});

describe("POST /api/v1/agents", () => {
  it("creates an agent with its state, scoped to the key's workspace", async () => {
    const world = await createApiWorld();
    const externalId = `ext-${uid()}`;
    const res = await call(postAgent, "/api/v1/agents", { key: world.key, body: { templateId: world.template.id, displayName: "Ingest bot", externalId } });
    expect(res.status).toBe(201);
    expectDocumented("createAgent", res.body);
    expect(res.body).toMatchObject({ templateId: world.template.id, displayName: "Ingest bot", externalId, taskId: null, lifecycle: "active" });
    const row = await db.agent.findUniqueOrThrow({ where: { id: res.body.id }, include: { state: true } });
    expect(row.workspaceId).toBe(world.workspace.id);
    expect(row.state).not.toBeNull();
  });
  // A second registration of the same externalId: tests/integration/api/agent-directives.test.ts.
});

describe("POST /api/v1/tasks", () => {
  it("creates a task and, given a template, its agent in the same transaction", async () => {
    const world = await createApiWorld();
    const body = {
      title: "Refund request #4411",
      description: "Customer charged twice.",
      status: "done",
      estimateMinutes: 15,
      checklist: [{ id: "c1", text: "Check the ledger" }],
      templateId: world.template.id,
    };
    const res = await call(postTask, "/api/v1/tasks", { key: world.key, body });
    expect(res.status).toBe(201);
    expectDocumented("createTask", res.body);
    expect(res.body.task).toMatchObject({ title: "Refund request #4411", status: "done", estimateMinutes: 15, checklist: [{ id: "c1", text: "Check the ledger", done: false }] });
    expect(res.body.task.completedAt).not.toBeNull();
    const task = await db.task.findUniqueOrThrow({ where: { id: res.body.task.id }, include: { agent: true } });
    expect(task).toMatchObject({ workspaceId: world.workspace.id, createdById: null });
    expect(task.agent?.id).toBe(res.body.agent.id);
    expect(task.agent?.templateId).toBe(world.template.id);
  });

  it("creates a task without an agent", async () => {
    const world = await createApiWorld();
    const res = await call(postTask, "/api/v1/tasks", { key: world.key, body: { title: "Plain task" } });
    expect(res.status).toBe(201);
    expect(res.body.agent).toBeNull();
    expect(res.body.task).toMatchObject({ status: "open", description: "", checklist: [], completedAt: null });
  });
});

describe("POST /api/v1/runs", () => {
  it("records a run on the head version and updates the agent's state", async () => {
    const world = await createApiWorld();
    const body = {
      agentId: world.agent.id,
      reason: "subscription",
      status: "failed",
      startedAt: "2026-03-01T10:00:00Z",
      finishedAt: "2026-03-01T10:00:02.500+00:00",
      inputTokens: 1200,
      outputTokens: 300,
      qualityScore: 0.4,
      iterations: 2,
      error: "Tool timed out",
    };
    const res = await call(postRun, "/api/v1/runs", { key: world.key, body });
    expect(res.status).toBe(201);
    expectDocumented("recordRun", res.body);
    expect(res.body).toMatchObject({ agentId: world.agent.id, templateVersionId: world.template.headVersionId, status: "failed", durationMs: 2500, startedAt: "2026-03-01T10:00:00.000Z" });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(run).toMatchObject({ workspaceId: world.workspace.id, inputTokens: 1200, error: "Tool timed out" });
    const state = await db.agentState.findUniqueOrThrow({ where: { agentId: world.agent.id } });
    expect(state).toMatchObject({ wakeCounter: 1, consecutiveFailureCount: 1 });
  });
});

describe("POST /api/v1/observations", () => {
  it("records an observation with its payload", async () => {
    const world = await createApiWorld();
    const run = await createFinishedRun(world);
    const res = await call(postObservation, "/api/v1/observations", {
      key: world.key,
      body: { agentId: world.agent.id, text: "Customers on plan B ask about invoices.", payload: { plan: "B", count: 3 }, wakeRunId: run.id },
    });
    expect(res.status).toBe(201);
    expectDocumented("recordObservation", res.body);
    const message = await db.agentMessage.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(message).toMatchObject({ workspaceId: world.workspace.id, kind: "observation", payload: { plan: "B", count: 3 }, wakeRunId: run.id });
  });
});

describe("POST /api/v1/reports", () => {
  it("writes a report with its scope and confidence", async () => {
    const world = await createApiWorld();
    const res = await call(postReport, "/api/v1/reports", { key: world.key, body: { agentId: world.agent.id, markdown: "## Week 12\nAll good.", scope: "weekly", confidence: 0.8 } });
    expect(res.status).toBe(201);
    expectDocumented("writeReport", res.body);
    expect(res.body).toMatchObject({ agentId: world.agent.id, scope: "weekly", confidence: 0.8 });
    const report = await db.agentReport.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(report).toMatchObject({ workspaceId: world.workspace.id, markdown: "## Week 12\nAll good.", scope: "weekly" });
  });

  it('defaults the scope to "current"', async () => {
    const world = await createApiWorld();
    const res = await call(postReport, "/api/v1/reports", { key: world.key, body: { agentId: world.agent.id, markdown: "Fine." } });
    expect(res.body).toMatchObject({ scope: "current", confidence: null });
  });
});

describe("POST /api/v1/change-sets", () => {
  it("creates a change set with pending items", async () => {
    const world = await createApiWorld();
    const res = await call(postChangeSet, "/api/v1/change-sets", {
      key: world.key,
      body: { agentId: world.agent.id, items: [{ tool: "send_email", args: { to: "a@example.test" }, summary: "Reply to the customer" }, { tool: "noop", summary: "Nothing" }] },
    });
    expect(res.status).toBe(201);
    expectDocumented("createChangeSet", res.body);
    expect(res.body.items.map((i: { tool: string; status: string }) => [i.tool, i.status])).toEqual([["send_email", "pending"], ["noop", "pending"]]);
    const items = await db.changeItem.findMany({ where: { changeSetId: res.body.id } });
    expect(items).toHaveLength(2);
    expect(items.every((i) => i.workspaceId === world.workspace.id)).toBe(true);
  });
});

describe("POST /api/v1/decisions", () => {
  it("confirms one item by changeItemId and applies it to the task", async () => {
    const world = await createApiWorld();
    const { task, set } = await createProposal(world);
    const status = set.items.find((i) => i.tool === "propose_status")!;
    const res = await call(postDecision, "/api/v1/decisions", { key: world.key, body: { changeItemId: status.id, verdict: "confirmed" } });
    expect(res.status).toBe(201);
    expectDocumented("decideChangeItems", res.body);
    expect(res.body).toEqual({ decided: 1, applied: 1, verdict: "confirmed" });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe("in_progress");
    const decision = await db.changeDecision.findFirstOrThrow({ where: { changeItemId: status.id } });
    expect(decision).toMatchObject({ verdict: "confirmed", decidedById: null, workspaceId: world.workspace.id });
  });

  it("rejects several items by itemIds with a reason", async () => {
    const world = await createApiWorld();
    const { set } = await createProposal(world);
    const itemIds = set.items.map((i) => i.id);
    const res = await call(postDecision, "/api/v1/decisions", { key: world.key, body: { itemIds, verdict: "rejected", reason: "Not before the customer replies." } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ decided: 2, applied: 0, verdict: "rejected" });
    expect(await db.changeItem.count({ where: { id: { in: itemIds }, status: "rejected" } })).toBe(2);
  });
});

describe("POST /api/v1/ratings", () => {
  it("rates a finished run", async () => {
    const world = await createApiWorld();
    const run = await createFinishedRun(world);
    const res = await call(postRating, "/api/v1/ratings", { key: world.key, body: { runId: run.id, rating: 0.75 } });
    expect(res.status).toBe(201);
    expectDocumented("rateRun", res.body);
    expect(res.body).toEqual({ runId: run.id, rating: 0.75 });
    const row = await db.wakeRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({ userRating: 0.75, ratedById: null });
    expect(row.ratedAt).not.toBeNull();
  });
});
