import { describe, expect, it } from "vitest";
import { POST as postObservation } from "@/app/api/v1/observations/route";
import { POST as postReport } from "@/app/api/v1/reports/route";
import { POST as postTask } from "@/app/api/v1/tasks/route";
import { hashIdempotentRequest } from "@/features/api-keys/server/idempotency";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { addApiKey, call, createApiWorld } from "./fixtures";

const messages = (agentId: string) => db.agentMessage.count({ where: { agentId } });

describe("Idempotency-Key", () => {
  it("replays the first response for a retry, with Idempotent-Replayed, and writes once", async () => {
    const world = await createApiWorld();
    const key = `retry-${uid()}`;
    const body = { agentId: world.agent.id, text: "Checkout fails on Safari." };
    const first = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    const second = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(await messages(world.agent.id)).toBe(1);
  });

  it("writes twice without the header (the control for the test above)", async () => {
    const world = await createApiWorld();
    const body = { agentId: world.agent.id, text: "Same text" };
    await call(postObservation, "/api/v1/observations", { key: world.key, body });
    await call(postObservation, "/api/v1/observations", { key: world.key, body });
    expect(await messages(world.agent.id)).toBe(2);
  });

  it("refuses the same key with a different body or path (422) and writes nothing more", async () => {
    const world = await createApiWorld();
    const key = `reuse-${uid()}`;
    await call(postObservation, "/api/v1/observations", { key: world.key, body: { agentId: world.agent.id, text: "One" }, idempotencyKey: key });
    const otherBody = await call(postObservation, "/api/v1/observations", { key: world.key, body: { agentId: world.agent.id, text: "Two" }, idempotencyKey: key });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(otherBody.body.error.message).toMatch(/different request/);
    const otherPath = await call(postReport, "/api/v1/reports", { key: world.key, body: { agentId: world.agent.id, text: "One" }, idempotencyKey: key });
    expect(otherPath.status).toBe(422);
    expect(await messages(world.agent.id)).toBe(1);
    expect(await db.agentReport.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("keeps keys per API key: the same Idempotency-Key on another key is a new request", async () => {
    const world = await createApiWorld();
    const secondKey = await addApiKey(world, ["write"]);
    const key = `shared-${uid()}`;
    const body = { agentId: world.agent.id, text: "Hello" };
    await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    const other = await call(postObservation, "/api/v1/observations", { key: secondKey, body, idempotencyKey: key });
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await messages(world.agent.id)).toBe(2);
  });

  it("lets concurrent duplicates write exactly once (the unique index decides)", async () => {
    const world = await createApiWorld();
    const key = `race-${uid()}`;
    const title = `Race ${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(postTask, "/api/v1/tasks", { key: world.key, body: { title, templateId: world.template.id }, idempotencyKey: key })),
    );
    expect(await db.task.count({ where: { title } })).toBe(1);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.task.id)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.headers.get("retry-after")).toBe("1");
    }
  });

  it("answers 409 while the first request with the key is still running", async () => {
    const world = await createApiWorld();
    const key = `pending-${uid()}`;
    const raw = JSON.stringify({ agentId: world.agent.id, text: "In flight" });
    await db.idempotencyRecord.create({
      data: { apiKeyId: world.apiKeyId, key, requestHash: hashIdempotentRequest({ method: "POST", path: "/api/v1/observations", body: raw }), status: 0, response: {} },
    });
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: raw, idempotencyKey: key });
    expect(res.status).toBe(409);
    expect(await messages(world.agent.id)).toBe(0);
  });

  it("releases the key when the request fails, so a retry runs again", async () => {
    const world = await createApiWorld();
    const key = `fail-${uid()}`;
    const body = { agentId: `missing-${uid()}`, text: "Nobody home" };
    const first = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    const retry = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    expect([first.status, retry.status]).toEqual([404, 404]);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.idempotencyRecord.count({ where: { apiKeyId: world.apiKeyId, key } })).toBe(0);
  });

  it("ignores (and replaces) records older than 24 hours", async () => {
    const world = await createApiWorld();
    const key = `old-${uid()}`;
    const body = { agentId: world.agent.id, text: "Yesterday's news" };
    await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    await db.idempotencyRecord.updateMany({ where: { apiKeyId: world.apiKeyId, key }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const again = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await messages(world.agent.id)).toBe(2);
    const records = await db.idempotencyRecord.findMany({ where: { apiKeyId: world.apiKeyId, key } });
    expect(records).toHaveLength(1);
    expect(records[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 3600_000);
  });

  it("answers 400 to an empty or over-long Idempotency-Key and writes nothing", async () => {
    const world = await createApiWorld();
    const body = { agentId: world.agent.id, text: "x" };
    for (const key of ["", "k".repeat(201)]) {
      const res = await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: key });
      expect(res.status).toBe(400);
      expect(res.body.error.fieldErrors["Idempotency-Key"]).toHaveLength(1);
    }
    expect((await call(postObservation, "/api/v1/observations", { key: world.key, body, idempotencyKey: "k".repeat(200) })).status).toBe(201);
    expect(await messages(world.agent.id)).toBe(1);
  });
});
