// Benchmark: the pages as people load them (issue 20). The production server as shipped (the
// standalone build, started here on the benchmark's database with the job runner off, so only page
// views use the CPU) is driven over HTTP with a signed-in session, on two workspaces:
//   - demo: the demo seed (`npm run dev`'s workspace);
//   - large: one template with 10k agents, 1M observations, 200k decisions, 100k rated runs over 90
//     days (bench/lib/feedback-dataset) plus TODAY_RUNS runs earlier today (the current day is where
//     raw scans used to happen).
// Before a workspace's pages are measured, WARMUP_ROUNDS rounds of one view of each of its pages warm
// the server up: V8 optimises a server's hot code over its first thousand or so views (the optimising
// compiler's work alone is ≈ a third of a view's CPU before that), and an operator's server has long
// done so. The warm-up's own CPU per view is reported too (what a fresh server spends).
// Per page: server CPU per view (the server process's utime + stime from /proc over VIEWS sequential
// views), one user's latency, USERS simulated users each loading the page every THINK_MS for
// LOAD_SECONDS (p95 and errors), and saturation without think time (SATURATION_CONCURRENCY loops
// for SATURATION_SECONDS: req/s). Then search queries on the large workspace.
// Goals: CPU ≤ 15 ms per view; 50 users every 5 s → p95 < 150 ms, 0 errors; large workspace one
// user p95 < 150 ms; search p95 < 100 ms. `npm run bench -- pages` (builds the app if needed).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hasStandaloneBuild } from "../scripts/lib/standalone.mjs";
import { FEEDBACK_TEMPLATE_ID, FEEDBACK_WORKSPACE_ID, generateFeedbackDataset } from "./lib/feedback-dataset";
import { percentile, table } from "./lib/measure";
import { CLK_TCK, pagesOf, signedIn, startPageServer } from "./lib/page-server";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

const S = benchSettings({
  AGENTS: 10_000, OBSERVATIONS: 1_000_000, DECISIONS: 200_000, RATED_RUNS: 100_000, DAYS: 90, TODAY_RUNS: 120_000,
  VIEWS: 40, WARMUP_ROUNDS: 100, USERS: 50, THINK_MS: 5_000, LOAD_SECONDS: 20, SATURATION_CONCURRENCY: 8, SATURATION_SECONDS: 8, LARGE: 1,
});
const RESULTS = "bench/results";

const { url, pool } = await openBenchDatabase();

// ---- data ------------------------------------------------------------------------------------------
console.log("→ seeding the demo workspace…");
const seeded = spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", "prisma/seed.ts"], { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "ignore", "inherit"] });
if (seeded.status !== 0) throw new Error("the demo seed failed");

if (S.LARGE) {
  console.log(`→ generating the large workspace: ${S.AGENTS.toLocaleString("en")} agents, ${S.OBSERVATIONS.toLocaleString("en")} observations, ${S.DECISIONS.toLocaleString("en")} decisions, ${S.RATED_RUNS.toLocaleString("en")} rated runs, ${S.TODAY_RUNS.toLocaleString("en")} runs today…`);
  const t0 = Date.now();
  const data = await generateFeedbackDataset(pool, { agents: S.AGENTS, observations: S.OBSERVATIONS, decisions: S.DECISIONS, ratedRuns: S.RATED_RUNS, days: S.DAYS, log });
  // Today's runs, spread from midnight (UTC) to a minute ago, through the rollup triggers.
  await pool.query(`
    INSERT INTO "WakeRun" ("id", "workspaceId", "agentId", "templateId", "templateVersionId", "reason", "status", "startedAt", "finishedAt", "durationMs", "qualityScore", "iterations")
    SELECT 'today_' || i, '${data.workspaceId}', 'fba_' || (i % ${S.AGENTS}), '${data.templateId}', (SELECT "headVersionId" FROM "AgentTemplate" WHERE "id" = '${data.templateId}'), 'subscription', 'succeeded',
      t, t + interval '20 seconds', 20000, 0.5 + (i % 50)::float8 / 100, 1 + i % 3
    FROM generate_series(1, ${S.TODAY_RUNS}) AS g(i),
      LATERAL (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') + (i::float8 / ${S.TODAY_RUNS}) * ((now() AT TIME ZONE 'UTC') - interval '1 minute' - date_trunc('day', now() AT TIME ZONE 'UTC')) AS t) x;
    ANALYZE;`);
  log(`large workspace ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

// ---- sessions: the demo owner, and the large workspace's owner ---------------------------------------
type Target = { name: string; slug: string; cookie: string; pages: [string, string][] };
const one = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as T;

async function pagesToMeasure(workspaceId: string, templateId?: string): Promise<[string, string][]> {
  const pages = await pagesOf(pool, workspaceId, templateId);
  // BENCH_ONLY=template,agents: only the pages with these names (a quick look at one or two).
  const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
  return only ? pages.filter(([name]) => only.includes(name)) : pages;
}

const demoWs = await one<{ id: string; slug: string; userId: string }>(
  `SELECT w."id", w."slug", m."userId" FROM "Workspace" w JOIN "Membership" m ON m."workspaceId" = w."id" AND m."role" = 'owner' WHERE w."id" <> $1 ORDER BY w."createdAt" LIMIT 1`, [FEEDBACK_WORKSPACE_ID]);
const targets: Target[] = [{ name: "demo", slug: demoWs.slug, cookie: await signedIn(pool, demoWs.userId), pages: await pagesToMeasure(demoWs.id) }];
if (S.LARGE) {
  const large = await one<{ slug: string }>(`SELECT "slug" FROM "Workspace" WHERE "id" = $1`, [FEEDBACK_WORKSPACE_ID]);
  targets.push({ name: "large", slug: large.slug, cookie: await signedIn(pool, "fbu_1"), pages: await pagesToMeasure(FEEDBACK_WORKSPACE_ID, FEEDBACK_TEMPLATE_ID) });
}

// ---- the server --------------------------------------------------------------------------------------
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!hasStandaloneBuild(distDir)) {
  console.log("→ building the app (next build)…");
  const built = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (built.status !== 0) throw new Error("next build failed");
}
// BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's
// DevTools or speedscope) — where a page's CPU goes.
const profileDir = process.env.BENCH_CPU_PROFILE;
const server = await startPageServer(distDir, url, { nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] });
const { base, cpuMs } = server;
log(`server ready on ${base} (pid ${server.process.pid})`);

async function view(path: string, cookie: string): Promise<{ ms: number; status: number; bytes: number; body: ArrayBuffer | null }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    const body = await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status, bytes: body.byteLength, body };
  } catch {
    return { ms: performance.now() - started, status: 0, bytes: 0, body: null };
  }
}
// BENCH_HTML_DIR=<dir>: each page's HTML is written there (what a view renders, to see where its bytes go).
const htmlDir = process.env.BENCH_HTML_DIR;
const p = (values: number[], q: number) => Math.round(percentile([...values].sort((a, b) => a - b), q));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type PageResult = {
  workspace: string; page: string; path: string; status: number; cpuMsPerView: number; htmlKb: number;
  single: { p50: number; p95: number }; load: { users: number; p50: number; p95: number; requests: number; errors: number }; saturation: { reqPerSec: number; p95: number; errors: number };
};
const results: PageResult[] = [];
type WarmUp = { workspace: string; views: number; cpuMsPerView: number; errors: number };
const warmUps: WarmUp[] = [];
/** Each page's sequential views as a window of the monotonic clock (µs, as a V8 CPU profile's timestamps): with BENCH_CPU_PROFILE, the samples of one page. */
const profileWindows: { workspace: string; page: string; startUs: number; endUs: number }[] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

for (const target of targets) {
  console.log(`\n→ ${target.name} workspace (/w/${target.slug}), ${target.pages.length} pages`);
  if (S.WARMUP_ROUNDS > 0) {
    const before = cpuMs();
    let errors = 0;
    for (let round = 0; round < S.WARMUP_ROUNDS; round++) {
      for (const [, suffix] of target.pages) if ((await view(`/w/${target.slug}${suffix}`, target.cookie)).status !== 200) errors++;
    }
    const views = S.WARMUP_ROUNDS * target.pages.length;
    const warmUp = { workspace: target.name, views, cpuMsPerView: Math.round(((cpuMs() - before) / views) * 10) / 10, errors };
    warmUps.push(warmUp);
    log(`warm-up: ${views} views (${S.WARMUP_ROUNDS} rounds of every page), ${warmUp.cpuMsPerView} ms CPU/view, ${errors} errors`);
  }
  for (const [name, suffix] of target.pages) {
    const path = `/w/${target.slug}${suffix}`;
    let status = 0;
    let bytes = 0;
    let body: ArrayBuffer | null = null;
    for (let i = 0; i < 3; i++) ({ status, bytes, body } = await view(path, target.cookie));
    if (htmlDir && body) {
      mkdirSync(htmlDir, { recursive: true });
      writeFileSync(join(htmlDir, `${target.name}-${name.replaceAll(" ", "-")}.html`), Buffer.from(body));
    }
    // One user, one view after another: latency and CPU per view.
    const before = cpuMs();
    const startUs = monotonicUs();
    const single: number[] = [];
    for (let i = 0; i < S.VIEWS; i++) single.push((await view(path, target.cookie)).ms);
    const cpuPerView = (cpuMs() - before) / S.VIEWS;
    profileWindows.push({ workspace: target.name, page: name, startUs, endUs: monotonicUs() });
    // USERS people, each loading the page every THINK_MS (starts spread over the first interval).
    const loadTimes: number[] = [];
    let loadErrors = 0;
    const until = Date.now() + S.LOAD_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: S.USERS }, async (_, u) => {
        await sleep((u * S.THINK_MS) / S.USERS);
        while (Date.now() < until) {
          const started = Date.now();
          const r = await view(path, target.cookie);
          loadTimes.push(r.ms);
          if (r.status !== 200) loadErrors++;
          await sleep(Math.max(0, started + S.THINK_MS - Date.now()));
        }
      }),
    );
    // Saturation: no think time.
    const satTimes: number[] = [];
    let satErrors = 0;
    const satStart = performance.now();
    const satUntil = Date.now() + S.SATURATION_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: S.SATURATION_CONCURRENCY }, async () => {
        while (Date.now() < satUntil) {
          const r = await view(path, target.cookie);
          satTimes.push(r.ms);
          if (r.status !== 200) satErrors++;
        }
      }),
    );
    const satSeconds = (performance.now() - satStart) / 1000;
    const result: PageResult = {
      workspace: target.name, page: name, path, status, cpuMsPerView: Math.round(cpuPerView * 10) / 10, htmlKb: Math.round(bytes / 102.4) / 10,
      single: { p50: p(single, 50), p95: p(single, 95) },
      load: { users: S.USERS, p50: p(loadTimes, 50), p95: p(loadTimes, 95), requests: loadTimes.length, errors: loadErrors },
      saturation: { reqPerSec: Math.round((satTimes.length / satSeconds) * 10) / 10, p95: p(satTimes, 95), errors: satErrors },
    };
    results.push(result);
    log(`${name}: ${status}, ${result.htmlKb} KB, ${result.cpuMsPerView} ms CPU/view, 1 user p95 ${result.single.p95} ms, ${S.USERS} users p95 ${result.load.p95} ms (${loadErrors} errors), ${result.saturation.reqPerSec} req/s`);
  }
}

// ---- search on the large workspace -------------------------------------------------------------------
const searches: { query: string; p50: number; p95: number; status: number }[] = [];
const large = targets.find((t) => t.name === "large");
if (large) {
  for (const query of ["ticket", "refund", "duplicate order", "invoice", "zzzunmatched", "customer asked"]) {
    const path = `/w/${large.slug}/search?q=${encodeURIComponent(query)}`;
    let status = 0;
    for (let i = 0; i < 2; i++) status = (await view(path, large.cookie)).status;
    const times: number[] = [];
    for (let i = 0; i < S.VIEWS; i++) times.push((await view(path, large.cookie)).ms);
    searches.push({ query, p50: p(times, 50), p95: p(times, 95), status });
  }
}
const stopped = new Promise((resolve) => (server.process.exitCode === null ? server.process.once("exit", resolve) : resolve(null)));
server.stop();
if (profileDir) await stopped;

// ---- report ------------------------------------------------------------------------------------------
const mark = (ok: boolean) => (ok ? "✓" : "✖");
for (const target of targets) {
  const warmUp = warmUps.find((w) => w.workspace === target.name);
  if (warmUp) console.log(`\n${target.name} workspace: warmed up by ${warmUp.views} views (${warmUp.cpuMsPerView} ms CPU/view while warming up, ${warmUp.errors} errors)`);
  console.log(`${warmUp ? "" : "\n"}${target.name} workspace: ${S.VIEWS} sequential views; ${S.USERS} users every ${S.THINK_MS / 1000} s for ${S.LOAD_SECONDS} s; saturation ${S.SATURATION_CONCURRENCY} loops × ${S.SATURATION_SECONDS} s`);
  console.log(
    table(
      ["page", "status", "HTML KB", "CPU ms/view (≤ 15)", "1 user p50/p95", `${S.USERS} users p50/p95 (< 150)`, "errors", "saturation req/s (p95 ms)"],
      results
        .filter((r) => r.workspace === target.name)
        .map((r) => [r.page, String(r.status), String(r.htmlKb), `${r.cpuMsPerView} ${mark(r.cpuMsPerView <= 15)}`, `${r.single.p50}/${r.single.p95}`, `${r.load.p50}/${r.load.p95} ${mark(r.load.p95 < 150)}`, String(r.load.errors + r.saturation.errors), `${r.saturation.reqPerSec} (${r.saturation.p95})`]),
    ),
  );
}
if (searches.length) {
  console.log("\nsearch on the large workspace (page, one user)");
  console.log(table(["query", "status", "p50", "p95 (< 100)"], searches.map((s) => [s.query, String(s.status), s.p50, `${s.p95} ${mark(s.p95 < 100)}`])));
}
mkdirSync(RESULTS, { recursive: true });
const file = `${RESULTS}/pages-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ settings: S, cpuClockTicks: CLK_TCK, warmUps, results, searches, profileWindows }, null, 2));
console.log(`\nwritten: ${file}`);
await pool.end();
process.exit(0);
