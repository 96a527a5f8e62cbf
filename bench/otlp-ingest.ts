// Benchmark: OpenTelemetry ingest (issue 35) — POST /api/v1/otlp/v1/traces through the route handler
// (key check, body, decode, runs, model calls, usage ledger). AGENTS agents on one template; each
// trace is one agent run as the AI SDK traces it (the run span, a generateText span, CALLS doGenerate
// calls); exports of BATCH spans (a BatchSpanProcessor's default is 512), CONCURRENCY of them in
// flight, for SECONDS seconds. Then every export is sent again: nothing may be stored twice.
// Goal: 1,000 spans/s sustained into runs on 2 cores with the embedded database; 0 runs lost or
// duplicated on a retried batch. Run with `npm run bench -- otlp-ingest`.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { makeAgent, makeApiKey, makeTemplate, makeWorkspace, uid } from "../tests/factories";
import { table } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
process.env.LOG_LEVEL ??= "error";
const { AGENTS, BATCH, CALLS, CONCURRENCY, SECONDS } = benchSettings({ AGENTS: 50, BATCH: 512, CALLS: 2, CONCURRENCY: 2, SECONDS: 20 });
const GOAL_SPANS_PER_SECOND = 1_000;
const RESULTS = "bench/results";

const { postgresVersion } = await openBenchDatabase();
const { db } = await import("@/server/db");
const { POST } = await import("@/app/api/v1/otlp/v1/traces/route");

const f = await makeWorkspace();
const template = await makeTemplate(f.scope, { name: `OTLP ${uid()}` });
const agents = await Promise.all(Array.from({ length: AGENTS }, () => makeAgent(f.scope, template.id)));
const key = (await makeApiKey(f.scope, ["write"])).secret;

const kv = (key: string, value: string | number) => ({ key, value: typeof value === "number" ? { intValue: value } : { stringValue: value } });
let clock = 1_767_600_000_000_000_000n;
/** One agent run's spans in the order an exporter sees them (children end first). */
function traceSpans(agentId: string) {
  const traceId = randomBytes(16).toString("hex");
  const runId = randomBytes(8).toString("hex");
  const genId = randomBytes(8).toString("hex");
  const start = (clock += 3_000_000_000n);
  const span = (spanId: string, parentSpanId: string | undefined, name: string, attributes: object[], offset: bigint) => ({
    traceId, spanId, ...(parentSpanId ? { parentSpanId } : {}), name, kind: 1,
    startTimeUnixNano: String(start + offset), endTimeUnixNano: String(start + offset + 800_000_000n), attributes, status: { code: 0 },
  });
  return [
    ...Array.from({ length: CALLS }, (_, i) => span(randomBytes(8).toString("hex"), genId, "ai.generateText.doGenerate", [kv("gen_ai.request.model", "gpt-4.1-mini"), kv("gen_ai.usage.input_tokens", 900), kv("gen_ai.usage.output_tokens", 120)], BigInt(i) * 900_000_000n)),
    span(genId, runId, "ai.generateText", [kv("ai.model.id", "gpt-4.1-mini"), kv("ai.usage.inputTokens", 900 * CALLS), kv("ai.usage.outputTokens", 120 * CALLS)], 0n),
    span(runId, undefined, "support-bot.run", [kv("agent_coach.agent_id", agentId)], 0n),
  ];
}

/** Exports of BATCH spans cut from a stream of traces, as a batch processor cuts them (a trace may straddle two). */
function makeExports(count: number) {
  const out: string[] = [];
  let pending: object[] = [];
  let i = 0;
  while (out.length < count) {
    pending.push(...traceSpans(agents[i++ % agents.length].id));
    while (pending.length >= BATCH && out.length < count) {
      out.push(JSON.stringify({ resourceSpans: [{ resource: { attributes: [kv("service.name", "support-bot")] }, scopeSpans: [{ scope: { name: "ai" }, spans: pending.slice(0, BATCH) }] }] }));
      pending = pending.slice(BATCH);
    }
  }
  return out;
}

const send = async (body: string) => {
  const response = await POST(new Request("http://localhost/api/v1/otlp/v1/traces", { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body }));
  if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
};

// Warm-up (the pool, the route's modules), then as many exports as fit in SECONDS.
for (const body of makeExports(2)) await send(body);
const exports = makeExports(Math.ceil(((GOAL_SPANS_PER_SECOND * 3) * SECONDS) / BATCH));
const runsBefore = await db.wakeRun.count({ where: { workspaceId: f.workspace.id } });
const sent: string[] = [];
const cpu = process.cpuUsage();
const began = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < exports.length && performance.now() - began < SECONDS * 1000) {
      const body = exports[next++];
      await send(body);
      sent.push(body);
    }
  }),
);
const elapsedMs = performance.now() - began;
const used = process.cpuUsage(cpu);
const spans = sent.length * BATCH;
const runsStored = (await db.wakeRun.count({ where: { workspaceId: f.workspace.id } })) - runsBefore;
const runSpansSent = sent.reduce((n, body) => n + (body.match(/support-bot\.run/g)?.length ?? 0), 0);
// Calls whose run span is still in an export not sent yet wait for it: only complete traces count.
const tokens = await db.wakeRun.aggregate({ where: { workspaceId: f.workspace.id }, _sum: { inputTokens: true } });

// Every export again: a retry after a timeout.
const retryBegan = performance.now();
for (const body of sent) await send(body);
const retryMs = performance.now() - retryBegan;
const runsAfterRetry = (await db.wakeRun.count({ where: { workspaceId: f.workspace.id } })) - runsBefore;
const tokensAfterRetry = await db.wakeRun.aggregate({ where: { workspaceId: f.workspace.id }, _sum: { inputTokens: true } });

const rate = (spans / elapsedMs) * 1000;
console.log(`→ ${AGENTS} agents, exports of ${BATCH} spans (runs of 1 + 1 + ${CALLS} spans), ${CONCURRENCY} in flight, ${SECONDS} s (PostgreSQL ${postgresVersion})`);
console.log(
  table(
    ["exports", "spans", "spans/s", "runs stored", "run spans sent", "ms per export", "CPU ms per 1k spans", "retry: runs added", "retry: tokens added", "retry spans/s"],
    [[sent.length, spans, Math.round(rate), runsStored, runSpansSent, (elapsedMs / sent.length).toFixed(0), (((used.user + used.system) / 1000 / spans) * 1000).toFixed(0), runsAfterRetry - runsStored, Number(tokensAfterRetry._sum.inputTokens ?? 0) - Number(tokens._sum.inputTokens ?? 0), Math.round((spans / retryMs) * 1000)]],
  ),
);
log(`goal ≥ ${GOAL_SPANS_PER_SECOND} spans/s: ${rate >= GOAL_SPANS_PER_SECOND ? "✓" : "✖"}; every run span sent stored once: ${runsStored === runSpansSent ? "✓" : "✖"}; a retried batch adds nothing: ${runsAfterRetry === runsStored ? "✓" : "✖"}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}/otlp-ingest.json`, JSON.stringify({ agents: AGENTS, batch: BATCH, calls: CALLS, concurrency: CONCURRENCY, seconds: SECONDS, exports: sent.length, spans, spansPerSecond: rate, runsStored, runSpansSent, runsAfterRetry, machine: { cpus: os.cpus().length, load: os.loadavg() } }, null, 2));
await db.$disconnect();
process.exit(0);
