import { describe, expect, it } from "vitest";
import { GET as listAgents } from "@/app/api/v1/agents/route";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { encodeCursor } from "@/lib/keyset";
import { env } from "@/env";
import { blockOf } from "@/features/api-keys/server/rate-limit";
import { db } from "@/server/db";
import { makeAgentRow, makeTemplate, uid } from "../../factories";
import { addApiKey, call, createApiWorld, type ApiWorld } from "./fixtures";

// GET /api/v1/agents: the key's workspace's agents, newest first, filtered by template and
// lifecycle, a page at a time with an opaque keyset cursor.

/** `n` more agents on the world's template, one second apart (the newest last), in one statement. */
async function addAgents(world: ApiWorld, n: number, lifecycle: "active" | "dormant" = "active") {
  const start = Date.now() - 3_600_000;
  const names = Array.from({ length: n }, (_, i) => `Bulk ${i} ${uid()}`);
  await db.agent.createMany({
    data: names.map((displayName, i) => ({ workspaceId: world.workspace.id, templateId: world.template.id, displayName, lifecycle, createdAt: new Date(start + i * 1_000) })),
  });
  return names;
}

const get = (world: ApiWorld, query = "", key = world.key) => call(listAgents, `/api/v1/agents${query}`, { key });

describe("GET /api/v1/agents", () => {
  it("pages through every agent of the template once, newest first, and the body is the documented one", async () => {
    const world = await createApiWorld({ scopes: ["read"] });
    const names = await addAgents(world, 7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(world, `?templateId=${world.template.id}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(apiEndpoints.listAgents.response.parse(res.body)).toEqual(res.body);
      expect(res.body.agents.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.agents.map((a: { displayName: string }) => a.displayName));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // The world's own agent (made first, through the service, just now) is the newest.
    expect(seen).toEqual([world.agent.displayName, ...[...names].reverse()]);
    expect(pages).toBe(3);
  });

  it("defaults to 50 per page and filters by lifecycle", async () => {
    const world = await createApiWorld();
    await addAgents(world, 55);
    const dormant = await addAgents(world, 2, "dormant");
    const first = await get(world, `?templateId=${world.template.id}`);
    expect(first.body.agents).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await get(world, `?templateId=${world.template.id}&cursor=${first.body.nextCursor}`);
    expect(rest.body.agents).toHaveLength(58 - 50);
    expect(rest.body.nextCursor).toBeNull();

    const onlyDormant = await get(world, "?lifecycle=dormant");
    expect(onlyDormant.body.agents.map((a: { displayName: string }) => a.displayName)).toEqual([...dormant].reverse());
    expect(onlyDormant.body.agents.every((a: { lifecycle: string }) => a.lifecycle === "dormant")).toBe(true);
  });

  it("never lists another workspace's agents; another workspace's template is a 404", async () => {
    const world = await createApiWorld({ scopes: ["read"] });
    const other = await createApiWorld();
    const foreignTemplate = await makeTemplate(other.scope);
    await makeAgentRow(foreignTemplate, { displayName: "Foreign agent" });

    const all = await get(world, "?limit=100");
    expect(all.status).toBe(200);
    expect(all.text).not.toContain(other.agent.id);
    expect(all.text).not.toContain("Foreign agent");
    expect(all.body.agents.every((a: { templateId: string }) => a.templateId !== other.template.id)).toBe(true);

    const foreign = await get(world, `?templateId=${other.template.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: "NOT_FOUND", message: "Template not found." } });
  });

  it("answers bad input with a 400 naming the parameter, never a 500", async () => {
    const world = await createApiWorld();
    const cases: [string, string, RegExp][] = [
      ["?limit=0", "limit", /from 1 to 100/],
      ["?limit=101", "limit", /at most 100/],
      ["?limit=ten", "limit", /whole number/],
      ["?limit=2.5", "limit", /whole number/],
      ["?lifecycle=sleeping", "lifecycle", /one of created, active, dormant, destroyed/],
      ["?cursor=not-a-cursor!", "cursor", /not valid/],
      [`?cursor=${Buffer.from("{}").toString("base64url")}`, "cursor", /not valid/],
      ["?templateId=", "templateId", /./],
      ["?color=blue", "", /Unknown query parameter: color/],
      ["?limit=5&limit=6", "limit", /Give it once/],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(world, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("BAD_REQUEST");
      const messages = field ? res.body.error.fieldErrors?.[field] : [res.body.error.message, ...Object.values(res.body.error.fieldErrors ?? {}).flat()];
      expect(messages?.join(" "), query).toMatch(message);
    }
    // A well-formed cursor with a date that is not one, or of another order, is a 400 too.
    const odd = encodeCursor({ sort: "newest", key: "yesterday", id: "x" });
    expect((await get(world, `?cursor=${odd}`)).status).toBe(400);
    const byName = encodeCursor({ sort: "name", key: "A", id: "x" });
    expect((await get(world, `?cursor=${byName}`)).status).toBe(400);
    // A NUL in the query is refused by the input rule.
    expect((await get(world, "?templateId=a%00b")).status).toBe(400);
  });

  it("needs the read scope and a key; it counts against the key's rate limit", async () => {
    const world = await createApiWorld({ scopes: ["write"] });
    const writeOnly = await get(world);
    expect(writeOnly.status).toBe(403);
    expect((await call(listAgents, "/api/v1/agents")).status).toBe(401);
    const reader = await addApiKey(world, ["read"]);
    expect((await get(world, "", reader)).status).toBe(200);
    const readKey = await db.apiKey.findFirstOrThrow({ where: { workspaceId: world.workspace.id, scopes: { equals: ["read"] } } });
    // Counted in blocks (rate-limit.ts): the first request takes the key's first block of the window.
    expect((await db.apiRateWindow.findFirst({ where: { apiKeyId: readKey.id } }))?.count).toBe(blockOf(env.API_RATE_LIMIT_PER_MINUTE));
  });
});
