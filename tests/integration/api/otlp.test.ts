import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { context, SpanStatusCode, trace, type Attributes, type Tracer } from "@opentelemetry/api";
import { OTLPHttpJsonTraceExporter, OTLPHttpProtoTraceExporter } from "@vercel/otel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ingest } from "@/app/api/v1/otlp/v1/traces/route";
import { db } from "@/server/db";
import { makeAgent } from "../../factories";
import { addApiKey, call, createApiWorld, type ApiWorld } from "./fixtures";

// OpenTelemetry ingest with the OTLP exporters the product itself uses for its own traces
// (@vercel/otel's, protobuf and JSON), pointed at the ingest route through a local HTTP server,
// against the real database: spans become runs with tokens, model, duration and errors; the same
// export twice stores nothing twice; bad payloads are refused with the reason and write nothing.

let server: Server;
let endpoint = "";

beforeAll(async () => {
  // Node's HTTP server in front of the route handler, as Next puts it there.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await ingest(new Request(`http://localhost${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/otlp/v1/traces`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A tracer whose spans go, one export per span as it ends, through `exporter`. */
function tracerWith(exporter: SpanExporter, resource: Attributes = {}) {
  const provider = new BasicTracerProvider({ resource: resourceFromAttributes({ "service.name": "support-bot", ...resource }), spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracer: provider.getTracer("agent"), flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

const exporters = {
  protobuf: (key: string) => new OTLPHttpProtoTraceExporter({ url: endpoint, headers: { authorization: `Bearer ${key}` } }),
  json: (key: string) => new OTLPHttpJsonTraceExporter({ url: endpoint, headers: { authorization: `Bearer ${key}` } }),
};

/** An agent's run as the AI SDK traces one: the run span, a generateText span with the totals, a doGenerate call below it. */
async function agentRun(tracer: Tracer, agentAttrs: Attributes, options: { fail?: string; tokens?: [number, number] } = {}) {
  const [input, output] = options.tokens ?? [1200, 340];
  // Parents passed explicitly: no context manager is registered in tests.
  const run = tracer.startSpan("support-bot.run", { attributes: agentAttrs });
  const gen = tracer.startSpan("ai.generateText", { attributes: { "ai.model.id": "gpt-4.1-mini", "ai.usage.inputTokens": input, "ai.usage.outputTokens": output } }, trace.setSpan(context.active(), run));
  const call = tracer.startSpan("ai.generateText.doGenerate", { attributes: { "gen_ai.request.model": "gpt-4.1-mini", "gen_ai.usage.input_tokens": input, "gen_ai.usage.output_tokens": output } }, trace.setSpan(context.active(), gen));
  await new Promise((r) => setTimeout(r, 5));
  call.end();
  gen.end();
  if (options.fail) {
    run.recordException(new Error(options.fail));
    run.setStatus({ code: SpanStatusCode.ERROR, message: options.fail });
  }
  run.end();
}

describe("POST /api/v1/otlp/v1/traces", () => {
  let world: ApiWorld;
  beforeAll(async () => {
    world = await createApiWorld();
  });

  for (const format of ["protobuf", "json"] as const) {
    it(`${format}: a run span with its model calls becomes one run with their tokens, model and duration, and the usage ledger`, async () => {
      const { tracer, flush, shutdown } = tracerWith(exporters[format](world.key));
      const agent = await makeAgent(world.scope, world.template.id);
      await agentRun(tracer, { "agent_coach.agent_id": agent.id, "agent_coach.template_version": 1 });
      await flush();
      await shutdown();

      const runs = await db.wakeRun.findMany({ where: { agentId: agent.id } });
      expect(runs).toHaveLength(1);
      const [run] = runs;
      expect(run).toMatchObject({ status: "succeeded", inputTokens: 1200, outputTokens: 340, templateVersionId: world.template.headVersionId, error: null });
      expect(run.externalId).toMatch(/^otlp:[0-9a-f]{32}:[0-9a-f]{16}$/);
      expect(run.durationMs).toBeGreaterThanOrEqual(4);
      expect(run.finishedAt!.getTime() - run.startedAt.getTime()).toBe(run.durationMs);
      const usage = await db.modelUsageDaily.findMany({ where: { workspaceId: world.workspace.id, templateId: world.template.id, model: "gpt-4.1-mini" } });
      expect(usage.reduce((n, u) => n + Number(u.inputTokens), 0)).toBeGreaterThanOrEqual(1200);
      expect((await db.agentState.findUniqueOrThrow({ where: { agentId: agent.id } })).wakeCounter).toBe(1);
    });
  }

  it("the same export sent again stores nothing twice (the run span's id is the run's)", async () => {
    const agent = await makeAgent(world.scope, world.template.id);
    // Two runs' spans collected in memory, then the very same batch exported three times.
    const memory = new InMemorySpanExporter();
    const { tracer, flush, shutdown } = tracerWith(memory);
    await agentRun(tracer, { "agent_coach.agent_id": agent.id });
    await agentRun(tracer, { "agent_coach.agent_id": agent.id }, { tokens: [10, 5] });
    await flush();
    const batch = memory.getFinishedSpans();
    await shutdown();
    expect(batch).toHaveLength(6);
    const exporter = exporters.json(world.key);
    const send = () => new Promise<number>((resolve) => exporter.export(batch, (r) => resolve(r.code)));
    const runs = () => db.wakeRun.count({ where: { agentId: agent.id } });
    const tokens = async () => (await db.modelUsageDaily.aggregate({ where: { workspaceId: world.workspace.id }, _sum: { inputTokens: true } }))._sum.inputTokens;

    expect(await send()).toBe(0);
    expect(await runs()).toBe(2);
    const afterFirst = await tokens();
    expect(await send()).toBe(0);
    expect(await send()).toBe(0);
    expect(await runs()).toBe(2);
    expect(await tokens()).toBe(afterFirst);
  });

  it("a model call that arrives after its run is added to that run, once; never on top of totals the run already had", async () => {
    const tokensOf = async (agentId: string) => db.wakeRun.findFirstOrThrow({ where: { agentId }, select: { inputTokens: true, outputTokens: true } });
    const exporter = exporters.protobuf(world.key);
    const send = (batch: ReturnType<InMemorySpanExporter["getFinishedSpans"]>) => new Promise<number>((resolve) => exporter.export(batch, (r) => resolve(r.code)));
    const spansOf = async (agentId: string) => {
      const memory = new InMemorySpanExporter();
      const { tracer, flush, shutdown } = tracerWith(memory);
      await agentRun(tracer, { "agent_coach.agent_id": agentId }, { tokens: [100, 20] });
      await flush();
      const spans = memory.getFinishedSpans();
      await shutdown();
      return spans; // in the order they ended: the call, generateText, the run
    };

    // The run alone first: no tokens known; the call comes later (twice: a retry) and is added once.
    const bare = await makeAgent(world.scope, world.template.id);
    const [call, gen, run] = await spansOf(bare.id);
    expect(await send([run])).toBe(0);
    expect(await tokensOf(bare.id)).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(await send([call])).toBe(0);
    expect(await send([call])).toBe(0);
    expect(await send([gen])).toBe(0);
    expect(await tokensOf(bare.id)).toEqual({ inputTokens: 100, outputTokens: 20 });

    // The run with generateText's totals first: the late call is already in them.
    const withTotals = await makeAgent(world.scope, world.template.id);
    const [call2, gen2, run2] = await spansOf(withTotals.id);
    expect(await send([run2, gen2])).toBe(0);
    expect(await send([call2])).toBe(0);
    expect(await tokensOf(withTotals.id)).toEqual({ inputTokens: 100, outputTokens: 20 });
  });

  it("an agent named on the resource by the team's own id; a failed span is a failed run with its message", async () => {
    const externalId = `bot-${Date.now()}`;
    const agent = await makeAgent(world.scope, world.template.id);
    await db.agent.update({ where: { id: agent.id }, data: { externalId } });
    const { tracer, flush, shutdown } = tracerWith(exporters.protobuf(world.key), { "agent_coach.agent_external_id": externalId });
    await agentRun(tracer, {}, { fail: "The ticket system timed out." });
    await flush();
    await shutdown();
    const runs = await db.wakeRun.findMany({ where: { agentId: agent.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "failed", error: "The ticket system timed out.", inputTokens: 1200 });
    expect((await db.agentState.findUniqueOrThrow({ where: { agentId: agent.id } })).consecutiveFailureCount).toBe(1);
  });

  it("runs of unknown agents are refused (a partial success beside stored ones, a 400 when none is stored); spans that are not runs are ignored", async () => {
    const { tracer, flush, shutdown } = tracerWith(exporters.json(world.key));
    const before = await db.wakeRun.count({ where: { workspaceId: world.workspace.id } });
    tracer.startSpan("http GET /health").end(); // not a run: ignored
    await flush();
    await shutdown();
    expect(await db.wakeRun.count({ where: { workspaceId: world.workspace.id } })).toBe(before);

    const runSpan = (traceId: string, agentId: string) => ({ traceId, spanId: "b".repeat(16), name: "run", startTimeUnixNano: "1700000000000000000", endTimeUnixNano: "1700000001000000000", attributes: [{ key: "agent_coach.agent_id", value: { stringValue: agentId } }] });
    const exportOf = (...spans: object[]) => ({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ spans }] }] });
    const agent = await makeAgent(world.scope, world.template.id);
    const mixed = await call(ingest, "/api/v1/otlp/v1/traces", { key: world.key, body: exportOf(runSpan("1".repeat(32), agent.id), runSpan("2".repeat(32), "no-such-agent")) });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual({ partialSuccess: { rejectedSpans: 1, errorMessage: `span ${"b".repeat(16)}: its agent_coach.agent_id names no agent of this workspace` } });
    expect(await db.wakeRun.count({ where: { agentId: agent.id } })).toBe(1);

    // Another workspace's agent is unknown here, and its id is not echoed.
    const other = await createApiWorld();
    const theirs = await call(ingest, "/api/v1/otlp/v1/traces", { key: world.key, body: exportOf(runSpan("3".repeat(32), other.agent.id)) });
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.message).toMatch(/^No run of this export was stored: span b{16}: its agent_coach.agent_id names no agent of this workspace$/);
    expect(theirs.text).not.toContain(other.agent.id);
    expect(await db.wakeRun.count({ where: { agentId: other.agent.id } })).toBe(0);
  });

  it("refuses malformed, oversized and unauthorised exports with the reason, writing nothing", async () => {
    const before = await db.wakeRun.count({ where: { workspaceId: world.workspace.id } });
    const post = (body: BodyInit, headers: Record<string, string>, key: string | null = world.key) =>
      ingest(new Request("http://localhost/api/v1/otlp/v1/traces", { method: "POST", headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers }, body }));
    const cases: [string, Promise<Response>, number, RegExp][] = [
      ["not JSON", post("{nope", { "content-type": "application/json" }), 400, /not JSON/],
      ["a span without ids", post(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: "x" }] }] }] }), { "content-type": "application/json" }), 400, /traceId must be 32 hex digits/],
      ["resourceSpans not a list", post(JSON.stringify({ resourceSpans: 5 }), { "content-type": "application/json" }), 400, /must be an array/],
      ["truncated protobuf", post(new Uint8Array([0x0a, 0x50, 0x01]), { "content-type": "application/x-protobuf" }), 400, /not a valid protobuf/],
      ["an empty body", post(new Uint8Array(0), { "content-type": "application/x-protobuf" }), 400, /empty/],
      ["text/plain", post("hello", { "content-type": "text/plain" }), 415, /x-protobuf or application\/json/],
      ["brotli", post("x", { "content-type": "application/json", "content-encoding": "br" }), 415, /gzip/],
      ["bad gzip", post("not gzip", { "content-type": "application/json", "content-encoding": "gzip" }), 400, /not valid gzip/],
      ["over 4 MB", post(new Uint8Array(4 * 1024 * 1024 + 1), { "content-type": "application/x-protobuf" }), 413, /4 MB/],
      ["a gzip bomb", post(gzipSync(Buffer.alloc(17 * 1024 * 1024)), { "content-type": "application/x-protobuf", "content-encoding": "gzip" }), 413, /16 MB unpacked/],
      ["no key", post("{}", { "content-type": "application/json" }, null), 401, /./],
      ["a read-only key", post("{}", { "content-type": "application/json" }, await addApiKey(world, ["read"])), 403, /./],
    ];
    for (const [what, response, status, message] of cases) {
      const res = await response;
      const body = (await res.json()) as { error: { message: string } };
      expect(res.status, what).toBe(status);
      expect(body.error.message, what).toMatch(message);
    }
    expect(await db.wakeRun.count({ where: { workspaceId: world.workspace.id } })).toBe(before);
  });
});
