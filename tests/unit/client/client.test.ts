import { expectTypeOf, describe, expect, it } from "vitest";
import { AgentCoachClient, AgentCoachError, retryAfterMs, serveReplay, verifyWebhook, type ReplayRequest, type Run, type Template } from "../../../packages/client/src";
import { webhookHeaders } from "@/features/webhooks/server/signing";
import { CLIENT_TYPES_FILE, clientTypesSource } from "../../../scripts/generate-client-types";
import { readFileSync } from "node:fs";

// The client's own behaviour against a scripted fetch (what each answer makes it do); against the
// real app: tests/integration/api/client.test.ts and the e2e run of examples/.

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

function scripted(answers: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  const waits: number[] = [];
  const client = new AgentCoachClient({ baseUrl: "https://coach.example/", apiKey: "ac_live_x", fetch: fetchImpl, sleep: async (ms) => void waits.push(ms), backoffMs: 100 });
  return { client, calls, waits };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("AgentCoachClient", () => {
  it("retries 429 and 5xx and network errors, waiting what Retry-After asks, with one Idempotency-Key for a write", async () => {
    const run = { id: "r1" };
    const { client, calls, waits } = scripted([json(429, { error: { code: "RATE_LIMITED", message: "slow down" } }, { "retry-after": "3" }), json(503, {}), new TypeError("fetch failed"), json(201, run)]);
    expect(await client.recordRun({ agentId: "a1", reason: "manual", status: "succeeded" } as never)).toEqual(run);
    expect(calls).toHaveLength(4);
    expect(calls.every((c) => c.url === "https://coach.example/api/v1/runs" && c.headers.authorization === "Bearer ac_live_x")).toBe(true);
    expect(new Set(calls.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    expect(waits[0]).toBe(3000);
    expect(waits.slice(1).every((w) => w > 0 && w <= 30_000)).toBe(true);
  });

  it("gives up after its retries, and never retries a 4xx other than 408/425/429: the API's code and message in the error", async () => {
    const refused = scripted([json(422, { error: { code: "VALIDATION_FAILED", message: "Some fields are invalid.", fieldErrors: { status: ["Invalid option"] } } })]);
    const error = await refused.client.recordRun({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentCoachError);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", fieldErrors: { status: ["Invalid option"] } });
    expect(refused.calls).toHaveLength(1);

    const down = scripted(Array.from({ length: 5 }, () => json(502, {})));
    await expect(down.client.listTemplates()).rejects.toMatchObject({ status: 502 });
    expect(down.calls).toHaveLength(5);
  });

  it("caches an agent's directives by ETag: a 304 returns what it had", async () => {
    const directives = { agentId: "a1", version: { number: 3 } };
    const { client, calls } = scripted([json(200, directives, { etag: '"v3"' }), new Response(null, { status: 304, headers: { etag: '"v3"' } })]);
    expect(await client.directivesFor("a1")).toEqual(directives);
    expect(await client.directivesFor("a1")).toEqual(directives);
    expect(calls[0].headers["if-none-match"]).toBeUndefined();
    expect(calls[1].headers["if-none-match"]).toBe('"v3"');
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("Tue, 01 Jan 2030 00:00:10 GMT", Date.parse("2030-01-01T00:00:00Z"))).toBe(10_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it("its types are the API's (generated from the OpenAPI document, which is current)", async () => {
    expectTypeOf<Template>().toHaveProperty("headVersion");
    expectTypeOf<Run>().toHaveProperty("arm");
    expect(readFileSync(CLIENT_TYPES_FILE, "utf8"), "run npm run client:types").toBe(await clientTypesSource());
  });
});

describe("verifyWebhook (the client's)", () => {
  it("accepts what Agent Coach signs and refuses a changed body, another secret or an old timestamp", () => {
    const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
    const now = new Date("2030-01-01T00:00:00Z");
    const body = JSON.stringify({ type: "version.promoted" });
    const headers = webhookHeaders({ id: "d_1", body, secret, now });
    expect(verifyWebhook({ headers, body, secret, now })).toBe(true);
    expect(verifyWebhook({ headers: new Headers(headers), body, secret, now })).toBe(true);
    expect(verifyWebhook({ headers, body: `${body} `, secret, now })).toBe(false);
    expect(verifyWebhook({ headers, body, secret: `whsec_${Buffer.from("another secret of 32 bytes......").toString("base64")}`, now })).toBe(false);
    expect(verifyWebhook({ headers, body, secret, now: new Date(now.getTime() + 10 * 60_000) })).toBe(false);
  });
});

describe("serveReplay", () => {
  const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
  const replayRequest: ReplayRequest = {
    type: "replay.run", checkId: "c1", proposalId: "p1", side: "candidate", directives: "Be brief.",
    run: { id: "r1", externalId: "ext-1", agentId: "a1", startedAt: "2030-01-01T00:00:00.000Z" }, inputs: { ticket: "Refund missing" },
  };
  const seen: ReplayRequest[] = [];
  const serve = serveReplay((r) => {
    seen.push(r);
    if (r.inputs.ticket === "boom") throw new Error("model down");
    return { proposals: [{ tool: "propose_estimate", args: { minutes: 20 }, summary: "Twenty minutes." }], report: { markdown: "Refund: chase it." } };
  }, { secret });
  const post = (body: string, headers: Record<string, string>) => serve(new Request("https://agent.example/replay", { method: "POST", body, headers }));

  it("answers a signed request with what the handler returns", async () => {
    const body = JSON.stringify(replayRequest);
    const res = await post(body, webhookHeaders({ id: "c1.r1.candidate", body, secret }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ proposals: [{ tool: "propose_estimate", args: { minutes: 20 }, summary: "Twenty minutes." }], report: { markdown: "Refund: chase it." } });
    expect(seen.at(-1)).toEqual(replayRequest);
  });

  it("refuses a bad signature and an old timestamp with 401, without calling the handler", async () => {
    const body = JSON.stringify(replayRequest);
    const before = seen.length;
    const other = `whsec_${Buffer.from("another secret of 32 bytes......").toString("base64")}`;
    expect((await post(body, webhookHeaders({ id: "x", body, secret: other }))).status).toBe(401);
    expect((await post(body, webhookHeaders({ id: "x", body, secret, now: new Date(Date.now() - 10 * 60_000) }))).status).toBe(401);
    expect((await post(`${body} `, webhookHeaders({ id: "x", body, secret }))).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    expect(seen.length).toBe(before);
  });

  it("answers 400 to a signed body that is not a replay request, and 500 when the handler throws (Agent Coach retries)", async () => {
    const notReplay = JSON.stringify({ type: "version.promoted" });
    expect((await post(notReplay, webhookHeaders({ id: "x", body: notReplay, secret }))).status).toBe(400);
    const failing = JSON.stringify({ ...replayRequest, inputs: { ticket: "boom" } });
    const res = await post(failing, webhookHeaders({ id: "x", body: failing, secret }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "model down" });
  });
});
