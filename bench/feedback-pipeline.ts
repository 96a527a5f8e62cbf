// Benchmark: feedback extraction + RULES classification for one week's delta of a template with
// 10k agents (1M observations, 200k decisions, 100k rated runs over 8 weeks), set-based (the app's
// services) vs a faithful per-agent loop of seed 000 §5.3. Run with `npm run bench -- feedback`
// (see bench/README.md, which also holds the figures).
//
// Set-based path = extractFeedback (one statement: INSERT … SELECT … ON CONFLICT for decisions,
// ratings, report trends, quality scores) + classifyObservations({ useModel: false }) (one INSERT …
// SELECT with the keyword rules; the model is NOT called: texts without a confident rule stay
// pending). Re-runnable: between timed runs the week's FeedbackItem rows are deleted and the table
// VACUUMed (not timed), so every run writes the same rows.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { generateFeedbackDataset } from "./lib/feedback-dataset";
import { summarize, table, timed, type Captured } from "./lib/measure";
import { openBenchDatabase } from "./lib/setup";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 10_000);
const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 1_000_000);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 200_000);
const RATED_RUNS = Number(process.env.BENCH_RATED_RUNS ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 56);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LOOP_SAMPLE = Number(process.env.BENCH_LOOP_SAMPLE ?? 1_000);
const GOALS = { p95Ms: 300, speedup: 50 };
const RESULTS = "bench/results";

const t0 = Date.now();
const log = (m: string) => console.log(`  ${m}`);
const { pool, postgresVersion } = await openBenchDatabase();

console.log(`→ generating ${AGENTS.toLocaleString("en")} agents, ${OBSERVATIONS.toLocaleString("en")} observations, ${DECISIONS.toLocaleString("en")} decisions, ${RATED_RUNS.toLocaleString("en")} rated runs over ${DAYS} days…`);
const ds = await generateFeedbackDataset(pool, { agents: AGENTS, observations: OBSERVATIONS, decisions: DECISIONS, ratedRuns: RATED_RUNS, days: DAYS, log });
log(`counts: ${JSON.stringify(ds.counts)}`);

const { extractFeedback } = await import("@/features/feedback/server/extract-feedback");
const { classifyObservations } = await import("@/features/feedback/server/classify-observations");
const rules = await import("@/features/feedback/rules");
const window = { workspaceId: ds.workspaceId, templateId: ds.templateId, sinceCounter: ds.weekStartCounter };

const resetWeek = async () => {
  await pool.query(`DELETE FROM "FeedbackItem" WHERE "templateId" = $1 AND "sourceCounter" > $2`, [ds.templateId, ds.weekStartCounter]);
  await pool.query(`VACUUM "FeedbackItem"`);
};

// ---- set-based (the app's services) ----------------------------------------------------------
console.log(`→ set-based: extract + rules classification of the week's delta, ${RUNS} runs (+1 warm-up)…`);
type Sample = { total: number; extract: number; classify: number; inserted: number; sql: Captured[] };
const samples: Sample[] = [];
let lastExtract: Awaited<ReturnType<typeof extractFeedback>> | null = null;
let lastClassify: Awaited<ReturnType<typeof classifyObservations>> | null = null;
for (let i = 0; i <= RUNS; i++) {
  await resetWeek();
  const e = await timed(() => extractFeedback(window));
  const c = await timed(() => classifyObservations({ ...window, untilCounter: e.result.coveredUntilCounter, useModel: false }));
  lastExtract = e.result;
  lastClassify = c.result;
  if (i > 0) samples.push({ total: e.ms + c.ms, extract: e.ms, classify: c.ms, inserted: e.result.inserted + c.result.byRule.total, sql: [...e.sql, ...c.sql] });
}
const rerun = await timed(() => extractFeedback(window)); // everything already classified: the ON CONFLICT path
const set = { total: summarize(samples.map((s) => s.total)), extract: summarize(samples.map((s) => s.extract)), classify: summarize(samples.map((s) => s.classify)) };
log(`extract: ${JSON.stringify(lastExtract?.counts)}; inserted ${lastExtract?.inserted}; pending observations ${lastExtract?.pendingObservations}`);
log(`rules: ${JSON.stringify(lastClassify?.byRule)}; left for the model ${lastClassify?.pending}`);

// ---- per-agent loop (seed 000 §5.3), on a sample of agents, extrapolated linearly ------------
console.log(`→ per-agent loop on ${LOOP_SAMPLE.toLocaleString("en")} of ${AGENTS.toLocaleString("en")} agents (extrapolated ×${(AGENTS / LOOP_SAMPLE).toFixed(1)})…`);
const { rows: agentRows } = await pool.query<{ id: string }>(`SELECT "id" FROM "Agent" WHERE "templateId" = $1 ORDER BY "id"`, [ds.templateId]);
const sample = agentRows.filter((_, i) => i % Math.max(1, Math.round(agentRows.length / LOOP_SAMPLE)) === 0).slice(0, LOOP_SAMPLE);
type Fb = { sentiment: string; category: string; source: string; agentId: string; detail: string };
const loopStarted = performance.now();
const feedback: Fb[] = [];
for (const { id: agentId } of sample) {
  // Source 1: observations, classified in JS by the same keyword table
  const obs = await pool.query<{ text: string }>(`SELECT "text" FROM "AgentMessage" WHERE "agentId" = $1 AND "kind" = 'observation' AND "createdAt" >= $2`, [agentId, ds.weekStart]);
  for (const o of obs.rows) {
    const r = rules.classifyByRules(o.text);
    if (r) feedback.push({ ...r, source: "observation", agentId, detail: o.text });
  }
  // Source 2: decisions
  const dec = await pool.query<{ verdict: "confirmed" | "rejected" | "deferred"; tool: string; reason: string | null }>(
    `SELECT d."verdict", d."tool", d."reason" FROM "ChangeDecision" d JOIN "ChangeItem" ci ON ci."id" = d."changeItemId" WHERE ci."agentId" = $1 AND d."decidedAt" >= $2`, [agentId, ds.weekStart]);
  for (const d of dec.rows) {
    feedback.push({ sentiment: rules.VERDICT_SENTIMENT[d.verdict], category: rules.TOOL_CATEGORY[d.tool] ?? rules.DEFAULT_TOOL_CATEGORY, source: "decision", agentId, detail: d.reason ?? `${rules.capitalize(d.verdict)} ${d.tool}` });
  }
  // Source 3: report confidence trend (the previous report included)
  const rep = await pool.query<{ confidence: number }>(
    `SELECT "confidence" FROM "AgentReport" WHERE "agentId" = $1 AND "confidence" IS NOT NULL AND "createdAt" >= (
       SELECT COALESCE(max("createdAt"), $2) FROM "AgentReport" WHERE "agentId" = $1 AND "createdAt" < $2) ORDER BY "createdAt"`, [agentId, ds.weekStart]);
  rep.rows.forEach((r, i) => {
    if (i === 0 && rep.rows.length > 0) return; // the report before the window only serves as "previous"
    const s = rules.reportConfidenceSentiment(r.confidence, rep.rows[i - 1]?.confidence ?? null);
    if (s) feedback.push({ sentiment: s, category: "accuracy", source: "report_confidence", agentId, detail: `Report confidence ${r.confidence}` });
  });
  // Source 4: runs (rating + quality score)
  const runs = await pool.query<{ userRating: number | null; qualityScore: number | null }>(
    `SELECT "userRating", "qualityScore" FROM "WakeRun" WHERE "agentId" = $1 AND "startedAt" >= $2`, [agentId, ds.weekStart]);
  for (const r of runs.rows) {
    if (r.userRating !== null) feedback.push({ sentiment: rules.ratingSentiment(r.userRating), category: "general", source: "rating", agentId, detail: `Rated ${r.userRating}` });
    const q = r.qualityScore === null ? null : rules.qualitySentiment(r.qualityScore);
    if (q) feedback.push({ sentiment: q, category: "accuracy", source: "quality_score", agentId, detail: `Quality ${r.qualityScore}` });
  }
}
const loopSampleMs = performance.now() - loopStarted;
const loopMs = (loopSampleMs * agentRows.length) / sample.length;
const speedup = loopMs / set.total.p50;
log(`loop: ${feedback.length.toLocaleString("en")} items for ${sample.length} agents in ${(loopSampleMs / 1000).toFixed(1)} s → ${(loopMs / 1000).toFixed(1)} s for ${agentRows.length.toLocaleString("en")} agents`);

// ---- EXPLAIN of the set-based statements (inside a rolled-back transaction: they write) ------
mkdirSync(RESULTS, { recursive: true });
await resetWeek();
const explained = await timed(() => extractFeedback(window));
const explainOf = async (q: Captured | undefined) => {
  // The services run their big statements in a transaction (SET LOCAL jit = off), which the Pool.query tap does not see.
  if (!q) return "(statement ran inside a transaction: not captured by the Pool.query tap)";
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL jit = off");
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values as unknown[]);
    await client.query("ROLLBACK");
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    client.release();
  }
};
writeFileSync(`${RESULTS}/explain-feedback-extract.txt`, await explainOf(explained.sql.reduce<Captured | undefined>((a, b) => (!a || b.ms > a.ms ? b : a), undefined)));
const classifySql = await timed(() => classifyObservations({ ...window, untilCounter: explained.result.coveredUntilCounter, useModel: false }));
writeFileSync(`${RESULTS}/explain-feedback-rules.txt`, await explainOf(classifySql.sql.reduce<Captured | undefined>((a, b) => (!a || b.ms > a.ms ? b : a), undefined)));

// ---- report ------------------------------------------------------------------------------------
const goalMet = set.total.p95 < GOALS.p95Ms;
const speedMet = speedup >= GOALS.speedup;
console.log("\n" + table(["ms", "p50", "p95", "max", "goal"], [
  ["set-based: extract + rules (one week)", set.total.p50, set.total.p95, set.total.max, `p95 < ${GOALS.p95Ms} ${goalMet ? "✓" : "✗"}`],
  ["  extractFeedback", set.extract.p50, set.extract.p95, set.extract.max, ""],
  ["  classifyObservations (rules only)", set.classify.p50, set.classify.p95, set.classify.max, ""],
  ["  extractFeedback re-run (nothing new)", rerun.ms, rerun.ms, rerun.ms, ""],
  [`per-agent loop (${sample.length} agents ×${(agentRows.length / sample.length).toFixed(0)})`, loopMs, loopMs, loopMs, `speed-up ${speedup.toFixed(0)}× ${speedMet ? "✓" : "✗"} (≥ ${GOALS.speedup}×)`],
]));
console.log(`  rows written per run: ${samples[0]?.inserted.toLocaleString("en")}; total ${((Date.now() - t0) / 1000).toFixed(0)} s`);

writeFileSync(`${RESULTS}/feedback-pipeline.json`, JSON.stringify({
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), postgres: postgresVersion },
  dataset: { agents: AGENTS, observations: OBSERVATIONS, decisions: DECISIONS, ratedRuns: RATED_RUNS, days: DAYS, counts: ds.counts, weekStartCounter: ds.weekStartCounter },
  setBased: { ...set, rerunMs: rerun.ms, rowsWritten: samples[0]?.inserted, lastExtract: lastExtract && { ...lastExtract, pendingObservationIds: lastExtract.pendingObservationIds.length }, lastRules: lastClassify },
  loop: { sampleAgents: sample.length, sampleMs: loopSampleMs, extrapolatedMs: loopMs, items: feedback.length },
  speedup,
  goals: GOALS,
}, null, 2));
await pool.end();
process.exit(0);
