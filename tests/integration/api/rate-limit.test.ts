import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postObservation } from "@/app/api/v1/observations/route";
import { GET as getTemplates } from "@/app/api/v1/templates/route";
import { consumeRateLimit } from "@/features/api-keys/server/rate-limit";
import { db } from "@/server/db";
import { addApiKey, call, createApiWorld } from "./fixtures";

// A small limit for this file only (the default is 120 per minute).
vi.mock("@/env", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/env")>();
  return { ...original, env: { ...original.env, API_RATE_LIMIT_PER_MINUTE: 3 } };
});

describe("rate limit per API key", () => {
  // Only Date is faked (timers and I/O stay real), so the fixed window cannot roll over mid-test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T12:00:40Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("answers 429 with Retry-After past the limit, writes nothing, and opens again next minute", async () => {
    const world = await createApiWorld();
    const body = (n: number) => ({ agentId: world.agent.id, text: `Observation ${n}` });
    for (let n = 1; n <= 3; n++) expect((await call(postObservation, "/api/v1/observations", { key: world.key, body: body(n) })).status).toBe(201);

    const limited = await call(postObservation, "/api/v1/observations", { key: world.key, body: body(4) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("20");
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(await db.agentMessage.count({ where: { agentId: world.agent.id } })).toBe(3);

    // Reads count too, and another key of the same workspace has its own budget.
    expect((await call(getTemplates, "/api/v1/templates", { key: world.key })).status).toBe(429);
    const other = await addApiKey(world, ["read"]);
    expect((await call(getTemplates, "/api/v1/templates", { key: other })).status).toBe(200);

    vi.setSystemTime(new Date("2030-01-01T12:01:01Z"));
    expect((await call(postObservation, "/api/v1/observations", { key: world.key, body: body(5) })).status).toBe(201);
    // The new window retired the old one: one counter row per key.
    expect(await db.apiRateWindow.findMany({ where: { apiKeyId: world.apiKeyId } })).toEqual([
      { apiKeyId: world.apiKeyId, windowStart: new Date("2030-01-01T12:01:00Z"), count: 1 },
    ]);
  });

  it("counts a large limit in blocks and still allows exactly the limit in a window", async () => {
    const world = await createApiWorld();
    const now = new Date("2030-01-01T12:00:40Z");
    const results = [];
    for (let n = 0; n < 121; n++) results.push(await consumeRateLimit({ apiKeyId: world.apiKeyId, limit: 120, now }));
    expect(results.filter((r) => r.allowed)).toHaveLength(120);
    expect(results.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(results[119]).toEqual({ allowed: true, remaining: 0 });
    // 20 upserts of 6, not 120 of 1; the refused one took nothing it could use.
    expect((await db.apiRateWindow.findFirstOrThrow({ where: { apiKeyId: world.apiKeyId } })).count).toBe(126);
  });

  it("does not count requests without a valid key against anyone", async () => {
    const world = await createApiWorld();
    for (let n = 0; n < 5; n++) expect((await call(getTemplates, "/api/v1/templates", { key: "ac_live_nope" })).status).toBe(401);
    expect((await call(getTemplates, "/api/v1/templates", { key: world.key })).status).toBe(200);
  });
});
