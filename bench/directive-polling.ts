// Benchmark: agents in the team's own code polling their directives (issue 35) —
// GET /api/v1/agents/{id}/directives with If-None-Match, answered 304 while nothing changed.
// AGENTS agents on one template with a probation running (both arms dealt), one API key; requests
// are sent at RATE per second for SECONDS seconds, each through the route handler itself (the
// key's check, its rate-limit window, the agent, the head and the probation read, the body's tag),
// so the figure is server time without the HTTP hop. Goal: p95 < 5 ms for a 304 at 200 requests/s
// on 2 cores. Run with `npm run bench -- directive-polling`.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { makeAgent, makeApiKey, makeTemplate, makeWorkspace, uid } from "../tests/factories";
import { summarize, table } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

// One key polls for every agent here: its per-minute limit would answer 429 after 120 requests.
process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
process.env.LOG_LEVEL ??= "error";
const { AGENTS, RATE, SECONDS } = benchSettings({ AGENTS: 50, RATE: 200, SECONDS: 10 });
const GOAL_MS = 5;
const RESULTS = "bench/results";

const { postgresVersion } = await openBenchDatabase();
const { db } = await import("@/server/db");
const { createTemplateVersion } = await import("@/features/templates/server");
const { GET } = await import("@/app/api/v1/agents/[id]/directives/route");

const f = await makeWorkspace();
const template = await makeTemplate(f.scope, { name: `Polling ${uid()}`, directives: "You triage support tickets.\n- Classify the product area." });
await db.agentTemplate.update({ where: { id: template.id }, data: { probationShare: 0.3 } });
const agents = await Promise.all(Array.from({ length: AGENTS }, () => makeAgent(f.scope, template.id)));
await createTemplateVersion({ scope: f.scope, templateId: template.id, directives: "You triage support tickets.\n- Classify the product area.\n- Name the deadline.", authoredBy: "user" });
const key = (await makeApiKey(f.scope, ["read"])).secret;

async function poll(agentId: string, etag?: string) {
  const request = new Request(`http://localhost/api/v1/agents/${agentId}/directives`, { headers: { Authorization: `Bearer ${key}`, ...(etag ? { "If-None-Match": etag } : {}) } });
  const started = performance.now();
  const response = await GET(request, { params: Promise.resolve({ id: agentId }) });
  await response.arrayBuffer();
  return { status: response.status, etag: response.headers.get("etag") ?? "", ms: performance.now() - started };
}

// Each agent's tag, as a polling agent holds it after its first fetch (and a warm-up of the pool).
const tags = new Map<string, string>();
for (const a of agents) tags.set(a.id, (await poll(a.id)).etag);

const total = RATE * SECONDS;
const results: { status: number; ms: number }[] = [];
const cpu = process.cpuUsage();
const began = performance.now();
await Promise.all(
  Array.from({ length: total }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * 1000) / RATE));
    const agent = agents[i % agents.length];
    results.push(await poll(agent.id, tags.get(agent.id)));
  }),
);
const elapsed = performance.now() - began;
const used = process.cpuUsage(cpu);
const statuses = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
const s = summarize(results.filter((r) => r.status === 304).map((r) => r.ms));
console.log(`→ ${AGENTS} agents, ${total} polls at ${RATE}/s (PostgreSQL ${postgresVersion})`);
console.log(table(["304s", "p50 ms", "p95 ms", "max ms", "statuses", "achieved /s", "CPU ms per poll"], [[s.n, s.p50, s.p95, s.max, JSON.stringify(statuses), Math.round((total / elapsed) * 1000), ((used.user + used.system) / 1000 / total).toFixed(2)]]));
log(`goal p95 < ${GOAL_MS} ms for a 304: ${s.p95 < GOAL_MS ? "✓" : "✖"}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(`${RESULTS}/directive-polling.json`, JSON.stringify({ agents: AGENTS, rate: RATE, seconds: SECONDS, notModified: s, statuses, machine: { cpus: os.cpus().length, load: os.loadavg() } }, null, 2));
await db.$disconnect();
process.exit(0);
