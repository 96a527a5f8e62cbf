import { describe, expect, it } from "vitest";
import { POST as postAgent } from "@/app/api/v1/agents/route";
import { POST as postChangeSet } from "@/app/api/v1/change-sets/route";
import { POST as postDecision } from "@/app/api/v1/decisions/route";
import { POST as postObservation } from "@/app/api/v1/observations/route";
import { POST as postRating } from "@/app/api/v1/ratings/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { POST as postTask } from "@/app/api/v1/tasks/route";
import { MAX_BODY_BYTES } from "@/features/api-keys/limits";
import { db } from "@/server/db";
import { call, createApiWorld, createProposal } from "./fixtures";

describe("request bodies", () => {
  it("answers 400 to malformed JSON and writes nothing", async () => {
    const world = await createApiWorld();
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: `{"agentId": "${world.agent.id}", "text": ` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: "BAD_REQUEST", message: "The request body is not valid JSON." } });
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("answers 400 to an empty body", async () => {
    const world = await createApiWorld();
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, method: "POST" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
  });

  it("answers 413 to a body over the limit", async () => {
    const world = await createApiWorld();
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: { agentId: world.agent.id, text: "x".repeat(MAX_BODY_BYTES) } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers 422 with per-field messages when the schema fails, and writes nothing", async () => {
    const world = await createApiWorld();
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: { agentId: 42, payload: "not an object" } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(res.body.error.fieldErrors).sort()).toEqual(["agentId", "payload", "text"]);
    expect(res.body.error.fieldErrors.text).toEqual(["Text is required."]);

    const array = await call(postObservation, "/api/v1/observations", { key: world.key, body: [] });
    expect(array.status).toBe(422);
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("reports nested fields by their dotted path", async () => {
    const world = await createApiWorld();
    const empty = await call(postChangeSet, "/api/v1/change-sets", { key: world.key, body: { agentId: world.agent.id, items: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fieldErrors.items).toEqual(["Propose at least one item."]);
    const tooMany = await call(postChangeSet, "/api/v1/change-sets", {
      key: world.key,
      body: { agentId: world.agent.id, items: Array.from({ length: 51 }, () => ({ tool: "noop", summary: "x" })) },
    });
    expect(tooMany.body.error.fieldErrors.items).toEqual(["At most 50 items per change set."]);
    const nested = await call(postChangeSet, "/api/v1/change-sets", { key: world.key, body: { agentId: world.agent.id, items: [{ summary: "x" }] } });
    expect(Object.keys(nested.body.error.fieldErrors)).toEqual(["items.0.tool"]);
    expect(await db.changeSet.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("keeps the decisions rule: a rejection needs a reason; exactly one of itemIds/changeItemId", async () => {
    const world = await createApiWorld();
    const { set } = await createProposal(world);
    const id = set.items[0].id;
    const noReason = await call(postDecision, "/api/v1/decisions", { key: world.key, body: { changeItemId: id, verdict: "rejected" } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fieldErrors.reason[0]).toMatch(/Say why/);
    const both = await call(postDecision, "/api/v1/decisions", { key: world.key, body: { changeItemId: id, itemIds: [id], verdict: "confirmed" } });
    expect(both.body.error.fieldErrors.itemIds).toEqual(["Send either itemIds or changeItemId."]);
    const neither = await call(postDecision, "/api/v1/decisions", { key: world.key, body: { verdict: "confirmed" } });
    expect(neither.status).toBe(422);
    expect(await db.changeDecision.count({ where: { changeItemId: id } })).toBe(0);
  });

  it("checks runs' timestamps, ratings' range and tasks' status", async () => {
    const world = await createApiWorld();
    const run = await call(postRun, "/api/v1/runs", {
      key: world.key,
      body: { agentId: world.agent.id, reason: "manual", status: "succeeded", startedAt: "2026-03-01T10:00:00Z", finishedAt: "2026-03-01T09:00:00Z" },
    });
    expect(run.status).toBe(422);
    expect(run.body.error.fieldErrors.finishedAt).toEqual(["finishedAt must not be before startedAt."]);
    const running = await call(postRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "running", startedAt: "yesterday" } });
    expect(Object.keys(running.body.error.fieldErrors).sort()).toEqual(["startedAt", "status"]);
    const rating = await call(postRating, "/api/v1/ratings", { key: world.key, body: { runId: "r", rating: 2 } });
    expect(rating.body.error.fieldErrors.rating).toEqual(["A rating is at most 1."]);
    const task = await call(postTask, "/api/v1/tasks", { key: world.key, body: { title: "ok title", status: "closed" } });
    expect(task.status).toBe(422);
    expect(task.body.error.fieldErrors.status).toBeTruthy();
    expect(await db.wakeRun.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("keeps a service's own status: a version of another template is a 400 with its field", async () => {
    const world = await createApiWorld();
    const other = await createApiWorld();
    const res = await call(postRun, "/api/v1/runs", {
      key: world.key,
      body: { agentId: world.agent.id, reason: "manual", status: "succeeded", templateVersionId: other.template.headVersionId },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toEqual({ templateVersionId: ["Unknown version for this template."] });
  });

  it("answers 400 — never 500 — to a NUL or an unpaired surrogate anywhere in the body, and to a payload nested thousands deep; writes nothing", async () => {
    const world = await createApiWorld();
    const deep = `{"agentId":"${world.agent.id}","text":"Deep","payload":${'{"d":'.repeat(5_000)}{"leaf":true}${"}".repeat(5_000)}}`;
    const cases: [typeof postObservation, string, unknown][] = [
      [postObservation, "/api/v1/observations", { agentId: world.agent.id, text: "Broken\u0000text" }],
      [postObservation, "/api/v1/observations", { agentId: world.agent.id, text: "ok", payload: { ["key\u0000"]: 1 } }],
      [postObservation, "/api/v1/observations", { agentId: world.agent.id, text: "Lone \ud800 surrogate" }],
      [postObservation, "/api/v1/observations", deep],
      [postTask, "/api/v1/tasks", { title: "Title\u0000" }],
      [postRun, "/api/v1/runs", { agentId: "\u0000", reason: "manual", status: "succeeded" }],
    ];
    for (const [handler, path, body] of cases) {
      const res = await call(handler, path, { key: world.key, body });
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.body.error.message).toMatch(/NUL|Unicode|nested too deeply/);
    }
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("answers 415 to a body that is not sent as JSON, and writes nothing", async () => {
    const world = await createApiWorld();
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: JSON.stringify({ agentId: world.agent.id, text: "As text" }), headers: { "Content-Type": "text/plain" } });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("refuses a day that does not exist (2026-02-30) with a message, not a 500", async () => {
    const world = await createApiWorld();
    const res = await call(postRun, "/api/v1/runs", { key: world.key, body: { agentId: world.agent.id, reason: "manual", status: "succeeded", startedAt: "2026-02-30T00:00:00Z" } });
    expect(res.status).toBe(422);
    expect(res.body.error.fieldErrors.startedAt).toEqual(["Use an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z."]);
  });

  it("names are one line: an agent named across lines is refused", async () => {
    const world = await createApiWorld();
    const res = await call(postAgent, "/api/v1/agents", { key: world.key, body: { templateId: world.template.id, displayName: "Bot\nOpen: https://evil.example/x" } });
    expect(res.status).toBe(422);
    expect(res.body.error.fieldErrors.displayName).toEqual(["Use one line: no line breaks, tabs or control characters."]);
  });
});
