// Benchmark: the template dashboard's read models (src/features/dashboards/server) on one template
// with 10k agents, 1M observations, 200k decisions and 100k rated runs (bench/lib/feedback-dataset),
// with three versions created during the load (runs and change sets use the version active when
// they are written; half the change sets linked to a run, half not, so both ways a change set gets
// its version are exercised), plus what that dataset lacks for the dashboard: a task per agent (70%
// done → MTTR) and agents created over the period (growth). The load goes through the write-time
// triggers (daily rollup included). Goal: each query p95 < 150 ms. Run with `npm run bench -- dashboard`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { generateFeedbackDataset } from "./lib/feedback-dataset";
import { summarize, table, timed, type Captured, type Summary } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

const { AGENTS, OBSERVATIONS, DECISIONS, RATED_RUNS, DAYS, RUNS } = benchSettings({ AGENTS: 10_000, OBSERVATIONS: 1_000_000, DECISIONS: 200_000, RATED_RUNS: 100_000, DAYS: 90, RUNS: 20 });
const GOAL_MS = 150;
const RESULTS = "bench/results";

const { pool } = await openBenchDatabase();

console.log(`→ generating ${AGENTS.toLocaleString("en")} agents, ${OBSERVATIONS.toLocaleString("en")} observations, ${DECISIONS.toLocaleString("en")} decisions, ${RATED_RUNS.toLocaleString("en")} rated runs over ${DAYS} days…`);
const t0 = Date.now();
const versions = [{ number: 2, fromDay: Math.round(DAYS / 3) }, { number: 3, fromDay: Math.round((DAYS * 2) / 3) }];
const data = await generateFeedbackDataset(pool, { agents: AGENTS, observations: OBSERVATIONS, decisions: DECISIONS, ratedRuns: RATED_RUNS, days: DAYS, versions, log });
const { workspaceId, templateId } = data;

console.log("→ adding tasks and agent creation dates for the dashboard…");
await pool.query(`
  UPDATE "Agent" SET "createdAt" = now() - (hashint8(substr("id", 5)::bigint * 31) & 2147483647) % (${DAYS} * 86400) * interval '1 second' WHERE "templateId" = '${templateId}';
  INSERT INTO "Task" ("id", "workspaceId", "title", "status", "createdAt", "updatedAt", "completedAt")
    SELECT 'fbk_' || substr(a."id", 5), a."workspaceId", 'Task of ' || a."displayName",
      (CASE WHEN x.r < 7 THEN 'done' ELSE 'in_progress' END)::"TaskStatus", a."createdAt", now(),
      CASE WHEN x.r < 7 THEN LEAST(now() - interval '1 minute', a."createdAt" + (1 + x.h) * interval '1 hour') END
    FROM "Agent" a, LATERAL (SELECT (hashint8(substr(a."id", 5)::bigint) & 2147483647) % 10 AS r, (hashint8(substr(a."id", 5)::bigint * 7) & 2147483647) % 200 AS h) x
    WHERE a."templateId" = '${templateId}';
  UPDATE "Agent" SET "taskId" = 'fbk_' || substr("id", 5) WHERE "templateId" = '${templateId}';
  INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "summary", "status", "createdAt")
    SELECT 'fbpending_' || n, '${workspaceId}', 'fbs_' || n, 'fba_' || (n % ${AGENTS}), '${templateId}', 'propose_estimate', 'Pending', 'pending', now() - n * interval '1 minute'
    FROM generate_series(1, 300) n;
  ANALYZE;`);
const { rows: countRows } = await pool.query<{ k: string; n: string }>(`
  SELECT 'tasks done' AS k, count(*)::text AS n FROM "Task" WHERE "workspaceId" = '${workspaceId}' AND "status" = 'done'
  UNION ALL SELECT 'change sets with a run', count(*)::text FROM "ChangeSet" WHERE "templateId" = '${templateId}' AND "wakeRunId" IS NOT NULL`);
const counts = { ...data.counts, ...Object.fromEntries(countRows.map((r) => [r.k, Number(r.n)])) };
log(`dataset ready in ${((Date.now() - t0) / 1000).toFixed(0)} s (load with write-time triggers ${(data.loadMs / 1000).toFixed(0)} s): ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString("en")}`).join(", ")}`);

// The services read DATABASE_URL when first imported (scripts/bench.mjs sets it to this database).
const q = await import("@/features/dashboards/server/queries");
const now = new Date();
const scope = { workspaceId, templateId };
const cases: [string, () => Promise<unknown>][] = [];
for (const days of [7, 30, 90]) {
  cases.push([`metrics ${days}d`, () => q.getTemplateMetrics({ ...scope, days, now })]);
  cases.push([`mttr ${days}d`, () => q.getTemplateMttr({ ...scope, days, now })]);
  cases.push([`active instances ${days}d`, () => q.getActiveInstances({ ...scope, days, now })]);
}
cases.push(["growth", () => q.getTemplateGrowth({ ...scope, now })]);
cases.push(["version performance (lifetime)", () => q.getVersionPerformance(scope)]);
cases.push(["window series 90 days", () => q.getWindowSeries({ ...scope, days: 90, now })]);
cases.push(["workspace health", () => q.getWorkspaceHealth({ workspaceId, now })]);
// The feedback section (the feedback slice's read model): FeedbackItem rows, written at write time.
const { getFeedbackBreakdown } = await import("@/features/feedback/server/queries");
for (const days of [7, 30, 90]) cases.push([`feedback breakdown ${days}d`, () => getFeedbackBreakdown({ ...scope, days, now })]);

console.log(`→ ${cases.length} queries × ${RUNS} runs (3 warm-up runs each)…`);
const results: { name: string; total: Summary; sql: Summary; worst: Captured | undefined }[] = [];
for (const [name, fn] of cases) {
  const totals: number[] = [];
  const sqls: number[] = [];
  let worst: Captured | undefined;
  for (let i = 0; i < RUNS + 3; i++) {
    const s = await timed(fn);
    if (i < 3) continue;
    totals.push(s.ms);
    sqls.push(s.sql.reduce((a, c) => a + c.ms, 0));
    for (const c of s.sql) if (!worst || c.ms > worst.ms) worst = c;
  }
  results.push({ name, total: summarize(totals), sql: summarize(sqls), worst });
}

// ---- write-time cost of the breakdown's upkeep: FeedbackItem inserts ------------------------------
// The daily-count trigger (FeedbackItem_daily_counts) off vs on, alternating, 3 rounds each (median);
// then the pattern index dropped (3 rounds, trigger off) and rebuilt. Bulk = one INSERT … SELECT of
// BULK items; single-row = SINGLE one-row INSERT statements in a server-side loop (no client round
// trip). The other FeedbackItem triggers (count blocks) stay on throughout.
console.log("→ write-time cost: FeedbackItem inserts with the daily-count trigger / pattern index on vs off…");
const BULK = 20_000;
const SINGLE = 2_000;
const PATTERN_INDEX = "FeedbackItem_templateId_category_sentiment_occurredAt_agent_idx";
const { rows: indexRows } = await pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [PATTERN_INDEX]);
let batch = 0;
const itemValues = (b: string) => `'wt${b}_' || i, '${workspaceId}', '${templateId}', 'fba_' || (i % ${AGENTS}), 'observation', 'wt${b}_' || i,
  (ARRAY['positive', 'negative', 'neutral'])[1 + i % 3]::"Sentiment", (ARRAY['accuracy', 'communication', 'prioritization', 'tooling', 'timeliness', 'general'])[1 + i % 6]::"FeedbackCategory",
  0.8, 'rule', 'The estimate was wrong by two days (#' || i || ').', 0, now() - (i % 3) * interval '1 hour'`;
const itemColumns = `"id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt"`;
const insertBulk = async () => {
  const b = `b${batch++}`;
  const t = performance.now();
  await pool.query(`INSERT INTO "FeedbackItem" (${itemColumns}) SELECT ${itemValues(b)} FROM generate_series(1, ${BULK}) i`);
  return ((performance.now() - t) * 1000) / BULK;
};
const insertSingle = async () => {
  const b = `s${batch++}`;
  const t = performance.now();
  await pool.query(`DO $$ BEGIN FOR i IN 1..${SINGLE} LOOP INSERT INTO "FeedbackItem" (${itemColumns}) SELECT ${itemValues(b)}; END LOOP; END $$`);
  return ((performance.now() - t) * 1000) / SINGLE;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const setTrigger = (on: boolean) => pool.query(`ALTER TABLE "FeedbackItem" ${on ? "ENABLE" : "DISABLE"} TRIGGER "FeedbackItem_daily_counts"`);
const writeCost: Record<string, { noIndexUs: number; offUs: number; onUs: number }> = {};
for (const [name, fn] of [["bulk", insertBulk], ["single-row", insertSingle]] as const) {
  const off: number[] = [];
  const on: number[] = [];
  for (let round = 0; round < 3; round++) {
    await setTrigger(false);
    off.push(await fn());
    await setTrigger(true);
    on.push(await fn());
  }
  writeCost[name] = { noIndexUs: 0, offUs: median(off), onUs: median(on) };
}
await setTrigger(false);
await pool.query(`DROP INDEX "${PATTERN_INDEX}"`);
for (const [name, fn] of [["bulk", insertBulk], ["single-row", insertSingle]] as const) {
  const xs: number[] = [];
  for (let round = 0; round < 3; round++) xs.push(await fn());
  writeCost[name].noIndexUs = median(xs);
}
await pool.query(indexRows[0].indexdef);
await setTrigger(true);

mkdirSync(RESULTS, { recursive: true });
const explained: string[] = [];
for (const r of results) {
  if (!r.worst) continue; // statements run inside a transaction (JIT off) are not tapped
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${r.worst.text}`, r.worst.values);
  const file = `${RESULTS}/explain-dashboard-${r.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.txt`;
  writeFileSync(file, `-- ${r.name}\n-- parameters: ${JSON.stringify(r.worst.values)}\n${r.worst.text}\n\n${rows.map((x) => x["QUERY PLAN"]).join("\n")}\n`);
  explained.push(file);
}

console.log(table(["query", "p50 ms", "p95 ms", "max ms", "sql p95 ms", "goal"], results.map((r) => [r.name, r.total.p50, r.total.p95, r.total.max, r.sql.p95, r.total.p95 < GOAL_MS ? "✓" : `✖ > ${GOAL_MS}`])));
console.log("\n" + table(["µs per FeedbackItem insert", "no pattern index, no daily counts", "+ index", "+ index + daily-count trigger"], Object.entries(writeCost).map(([k, v]) => [k, v.noIndexUs, v.offUs, v.onUs])));
const latest = `${RESULTS}/latest.json`;
let previous: Record<string, unknown> = {};
try {
  previous = JSON.parse(readFileSync(latest, "utf8"));
} catch {}
writeFileSync(latest, JSON.stringify({ ...previous, templateDashboard: { at: new Date().toISOString(), dataset: counts, loadMs: data.loadMs, goalMs: GOAL_MS, runs: RUNS, results: results.map(({ name, total, sql }) => ({ name, total, sql })), writeCost, explained } }, null, 2));
await pool.end();
const missed = results.filter((r) => r.total.p95 >= GOAL_MS);
if (missed.length) console.log(`✖ ${missed.length} queries missed ${GOAL_MS} ms (plans in ${RESULTS}/explain-dashboard-*.txt)`);
else console.log(`✓ every dashboard query p95 < ${GOAL_MS} ms`);
process.exit(0);
