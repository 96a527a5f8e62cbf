// Benchmark: the embedded default database against an external PostgreSQL server, in one run.
//   1. read models — the dashboard read models (bench/lib/dashboard-probe.ts) on the seeded demo
//      workspace, against a durable embedded PostgreSQL and against the machine's server;
//   2. page loads — the production build started the way `npm start` starts it, on each database,
//      with the demo seeded (SEED_DEMO=1): 50 concurrent loads (25 workspace dashboards + 25
//      template pages) by a signed-in user, 3 rounds; errors (non-200, a redirect to sign-in, an
//      error page) and latency p50/p95;
//   3. start-up — the launcher's own figure: database ready + migrated, and process start to ready.
// Goals (issue): 0 errors; embedded p95 within 1.5× of the external server's.
// The external server is MACHINE_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres);
// when none answers, only the embedded side is measured. Run with `npm run bench -- embedded`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, dropTestDatabase } from "../scripts/lib/test-database.mjs";
import { summarize, table, type Summary } from "./lib/measure";

const MACHINE = process.env.MACHINE_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_APP_PORT ?? 3330);
const ROUNDS = 3;
const CONCURRENCY = 50;
const RESULTS = "bench/results";

type Side = { name: string; readModels?: Record<string, Summary>; pages?: { errors: number; loads: number; all: Summary; dashboard: Summary; template: Summary }; startup?: { databaseS: number; readyS: number } };

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function probe(url: string): Record<string, Summary> {
  const res = spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", "bench/lib/dashboard-probe.ts"], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`probe failed: ${res.stderr}`);
  const samples = JSON.parse(res.stdout.trim().split("\n").pop()!) as Record<string, number[]>;
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]));
}

/** `npm start` on `databaseUrl` (empty: the embedded default in `dataDir`); resolves once ready. */
async function startApp(env: Record<string, string>) {
  const t0 = Date.now();
  const child = spawn(process.execPath, ["scripts/app.mjs", "start"], {
    env: { ...process.env, PORT: String(PORT), APP_URL: "", AUTH_URL: "", SMTP_URL: "", NEXT_DIST_DIR: "", SEED_DEMO: "1", AUTH_SECRET: "bench-secret-0123456789abcdef0123456789", LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited:\n${out.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`the app did not get ready:\n${out.slice(-2000)}`);
    const ok = await fetch(`http://localhost:${PORT}/api/ready`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const databaseS = Number(/database ([\d.]+) s\)/.exec(out)?.[1] ?? NaN);
  return { child, readyS: (Date.now() - t0) / 1000, databaseS };
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** A database session for the demo owner (what a magic-link sign-in creates), as a cookie. */
async function demoCookie(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const token = randomBytes(24).toString("hex");
  const { rows } = await client.query(`SELECT id FROM "User" WHERE email = 'demo@agent-coach.local'`);
  await client.query(`INSERT INTO "Session" ("sessionToken", "userId", "expires", "updatedAt") VALUES ($1, $2, now() + interval '1 day', now())`, [token, rows[0].id]);
  const { rows: t } = await client.query(`SELECT t.id FROM "AgentTemplate" t JOIN "Workspace" w ON w.id = t."workspaceId" WHERE w.slug = 'demo' AND t.level = 0 ORDER BY t.name LIMIT 1`);
  await client.end();
  return { cookie: `authjs.session-token=${token}`, templateId: t[0].id as string };
}

async function load(pathname: string, cookie: string) {
  const t = performance.now();
  try {
    const res = await fetch(`http://localhost:${PORT}${pathname}`, { headers: { cookie }, redirect: "manual" });
    const html = await res.text();
    const ms = performance.now() - t;
    const ok = res.status === 200 && !/Internal Server Error|Application error|Unhandled Runtime Error/.test(html);
    return { ms, ok };
  } catch {
    return { ms: performance.now() - t, ok: false };
  }
}

async function pageLoads(url: string, side: Side) {
  const { cookie, templateId } = await demoCookie(url);
  const pages = { dashboard: "/w/demo", template: `/w/demo/templates/${templateId}` };
  for (const p of Object.values(pages)) for (let i = 0; i < 3; i++) await load(p, cookie); // warm-up
  const times = { dashboard: [] as number[], template: [] as number[] };
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const batch = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => {
        const kind = i % 2 === 0 ? "dashboard" : "template";
        return load(pages[kind], cookie).then((r) => ({ kind, ...r }));
      }),
    );
    for (const r of batch) {
      times[r.kind as keyof typeof times].push(r.ms);
      if (!r.ok) errors++;
    }
  }
  side.pages = { errors, loads: ROUNDS * CONCURRENCY, all: summarize([...times.dashboard, ...times.template]), dashboard: summarize(times.dashboard), template: summarize(times.template) };
}

const sides: Side[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), "agent-coach-bench-embedded-"));
chmodSync(scratch, 0o755);

// 1 + 2 + 3, embedded: the launcher's own default path (an embedded server in a fresh folder).
{
  const side: Side = { name: "embedded" };
  sides.push(side);
  console.log("→ embedded: npm start on a fresh embedded PostgreSQL (initdb, migrations, demo seed)…");
  const dataDir = path.join(scratch, "postgres");
  const app = await startApp({ DATABASE_URL: "", EMBEDDED_DB_DIR: dataDir, EMBEDDED_DB_PORT: "" });
  side.startup = { databaseS: app.databaseS, readyS: app.readyS };
  const { url } = JSON.parse(readFileSync(`${dataDir}.json`, "utf8"));
  await pageLoads(url, side);
  console.log("→ embedded: dashboard read models…");
  side.readModels = probe(url);
  await stopApp(app.child);
}

// The same on the machine's server.
if (await reachable(MACHINE)) {
  const side: Side = { name: "external server" };
  sides.push(side);
  const database = await createTestDatabase(MACHINE, { prefix: "agent_coach_bench_ext" });
  try {
    console.log(`→ external: npm start on ${new URL(MACHINE).host} (demo seed)…`);
    const app = await startApp({ DATABASE_URL: database.url });
    side.startup = { databaseS: app.databaseS, readyS: app.readyS };
    await pageLoads(database.url, side);
    console.log("→ external: dashboard read models…");
    side.readModels = probe(database.url);
    await stopApp(app.child);
  } finally {
    await dropTestDatabase(database);
  }
} else {
  console.log(`(no server at ${MACHINE}: the embedded side only)`);
}
rmSync(scratch, { recursive: true, force: true });

const [emb, ext] = sides;
console.log("\nDashboard read models (ms, 30 runs each after a warm-up)");
const names = Object.keys(emb.readModels ?? {});
console.log(
  table(
    ["read model", "embedded p50", "embedded p95", ...(ext ? ["external p50", "external p95", "p95 ratio"] : [])],
    names.map((n) => {
      const e = emb.readModels![n];
      const x = ext?.readModels?.[n];
      return [n, e.p50.toFixed(1), e.p95.toFixed(1), ...(x ? [x.p50.toFixed(1), x.p95.toFixed(1), (e.p95 / x.p95).toFixed(2)] : [])];
    }),
  ),
);
console.log(`\nPage loads, production build, ${CONCURRENCY} concurrent × ${ROUNDS} rounds (ms)`);
console.log(
  table(
    ["database", "loads", "errors", "p50", "p95", "dashboard p95", "template p95", "db ready (s)", "app ready (s)"],
    sides.map((s) => [s.name, s.pages!.loads, s.pages!.errors, s.pages!.all.p50.toFixed(0), s.pages!.all.p95.toFixed(0), s.pages!.dashboard.p95.toFixed(0), s.pages!.template.p95.toFixed(0), s.startup!.databaseS.toFixed(1), s.startup!.readyS.toFixed(1)]),
  ),
);
if (ext) console.log(`page-load p95 ratio embedded / external: ${(emb.pages!.all.p95 / ext.pages!.all.p95).toFixed(2)} (goal ≤ 1.5)`);
mkdirSync(RESULTS, { recursive: true });
const file = path.join(RESULTS, "embedded-runtime.json");
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), sides }, null, 2));
console.log(`figures: ${file}`);
