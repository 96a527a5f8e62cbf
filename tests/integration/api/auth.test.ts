import { describe, expect, it } from "vitest";
import { POST as postObservation } from "@/app/api/v1/observations/route";
import { POST as postTask } from "@/app/api/v1/tasks/route";
import { GET as getTemplates } from "@/app/api/v1/templates/route";
import { newApiKeySecret } from "@/features/api-keys/server/api-key-secret";
import { forgetApiKey } from "@/features/api-keys/server/authenticate-api-key";
import { revokeApiKey } from "@/features/api-keys/server/revoke-api-key";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { addApiKey, call, createApiWorld } from "./fixtures";

const observation = (agentId: string) => ({ agentId, text: `Seen ${uid()}` });

describe("API key authentication", () => {
  it("answers 401 without an Authorization header, with a Bearer challenge", async () => {
    const res = await call(getTemplates, "/api/v1/templates");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
    expect(res.body.error.message).toContain("Authorization: Bearer");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("answers 401 to a non-Bearer scheme and to malformed keys", async () => {
    const world = await createApiWorld();
    const basic = await call(getTemplates, "/api/v1/templates", { headers: { Authorization: `Basic ${world.key}` } });
    expect(basic.status).toBe(401);
    const garbage = await call(getTemplates, "/api/v1/templates", { key: "not-a-key" });
    expect(garbage.status).toBe(401);
  });

  it("refuses a key revoked right after it was used (the process forgets the key it remembered)", async () => {
    const world = await createApiWorld();
    expect((await call(getTemplates, "/api/v1/templates", { key: world.key })).status).toBe(200);
    await revokeApiKey({ scope: world.scope, apiKeyId: world.apiKeyId });
    expect((await call(getTemplates, "/api/v1/templates", { key: world.key })).status).toBe(401);
  });

  it("gives unknown and revoked keys the same answer, and a revoked key writes nothing", async () => {
    const world = await createApiWorld();
    const unknown = await call(postObservation, "/api/v1/observations", { key: newApiKeySecret().secret, body: observation(world.agent.id) });
    await revokeApiKey({ scope: world.scope, apiKeyId: world.apiKeyId });
    const revoked = await call(postObservation, "/api/v1/observations", { key: world.key, body: observation(world.agent.id) });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(unknown.body);
    expect(revoked.body).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid or revoked API key." } });
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);
  });

  it("authenticates case-insensitively on the scheme", async () => {
    const world = await createApiWorld();
    const res = await call(getTemplates, "/api/v1/templates", { headers: { Authorization: `bearer ${world.key}` } });
    expect(res.status).toBe(200);
  });
});

describe("API key scopes", () => {
  it("refuses a write with a read-only key (403) and writes nothing", async () => {
    const world = await createApiWorld({ scopes: ["read"] });
    const res = await call(postObservation, "/api/v1/observations", { key: world.key, body: observation(world.agent.id) });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "FORBIDDEN", message: "This API key does not have the “write” scope." });
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(0);

    const title = `Task ${uid()}`;
    expect((await call(postTask, "/api/v1/tasks", { key: world.key, body: { title } })).status).toBe(403);
    expect(await db.task.count({ where: { title } })).toBe(0);
  });

  it("refuses a read with a write-only key (403)", async () => {
    const world = await createApiWorld({ scopes: ["write"] });
    const res = await call(getTemplates, "/api/v1/templates", { key: world.key });
    expect(res.status).toBe(403);
    const both = await addApiKey(world, ["read", "write"]);
    expect((await call(getTemplates, "/api/v1/templates", { key: both })).status).toBe(200);
  });
});

describe("lastUsedAt", () => {
  it("is set on first use and refreshed at most once a minute", async () => {
    const world = await createApiWorld();
    const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: world.apiKeyId } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();

    await call(getTemplates, "/api/v1/templates", { key: world.key });
    expect(await lastUsed()).toBeInstanceOf(Date);

    // The rows are changed behind the process's back (as another instance's writes would be): it
    // remembers an active key for a second, so it forgets this one first.
    const recent = new Date(Date.now() - 30_000);
    await db.apiKey.update({ where: { id: world.apiKeyId }, data: { lastUsedAt: recent } });
    forgetApiKey(world.apiKeyId);
    await call(getTemplates, "/api/v1/templates", { key: world.key });
    expect(await lastUsed()).toEqual(recent);

    const stale = new Date(Date.now() - 120_000);
    await db.apiKey.update({ where: { id: world.apiKeyId }, data: { lastUsedAt: stale } });
    forgetApiKey(world.apiKeyId);
    await call(getTemplates, "/api/v1/templates", { key: world.key });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });
});
