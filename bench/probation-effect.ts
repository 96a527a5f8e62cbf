// Benchmark: a probation's effect computation (features/probation: loadArms — two SQL statements —
// then measureProbation, intervals and sequential tests) on one template with 10k agents and 1M
// runs over 90 days, the newest 7 days of which (≈ 78k runs, 20% of agents in the baseline arm)
// belong to the probation, each with a change set of two decided proposals, half of them rated, and
// a task per agent (70% done). Goal: < 300 ms. Run with `npm run bench -- probation`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { summarize, table, timed } from "./lib/measure";
import { benchSettings, log, openBenchDatabase } from "./lib/setup";

const { AGENTS, RUNS_TOTAL, DAYS, PROBATION_DAYS, REPEAT } = benchSettings({ AGENTS: 10_000, RUNS_TOTAL: 1_000_000, DAYS: 90, PROBATION_DAYS: 7, REPEAT: 20 });
const GOAL_MS = 300;
const RESULTS = "bench/results";

const { pool } = await openBenchDatabase();
const ws = "pb_ws";
const tpl = "pb_tpl";
const h = (expr: string, salt: number, mod: number) => `((hashint8((${expr})::bigint * ${salt}) & 2147483647) % ${mod})`;

console.log(`→ generating ${AGENTS.toLocaleString("en")} agents and ${RUNS_TOTAL.toLocaleString("en")} runs over ${DAYS} days, the last ${PROBATION_DAYS} on probation…`);
const t0 = Date.now();
await pool.query(`
  INSERT INTO "Workspace" ("id", "slug", "name", "updatedAt") VALUES ('${ws}', 'probation-bench', 'Probation benchmark', now());
  INSERT INTO "AgentTemplate" ("id", "workspaceId", "name", "updatedAt") VALUES ('${tpl}', '${ws}', 'Support triage', now());
  INSERT INTO "TemplateVersion" ("id", "workspaceId", "templateId", "number", "directives", "authoredBy") VALUES
    ('pb_v1', '${ws}', '${tpl}', 1, 'Triage tickets.', 'system'), ('pb_v2', '${ws}', '${tpl}', 2, 'Triage tickets.\n- Keep checklists short.', 'agent');
  UPDATE "AgentTemplate" SET "headVersionId" = 'pb_v2' WHERE "id" = '${tpl}';
  INSERT INTO "Probation" ("id", "workspaceId", "templateId", "versionId", "baselineVersionId", "share", "minDays", "minRuns", "startedAt")
    VALUES ('pb_p', '${ws}', '${tpl}', 'pb_v2', 'pb_v1', 0.2, 7, 30, now() - interval '${PROBATION_DAYS} days');
  INSERT INTO "Task" ("id", "workspaceId", "title", "status", "createdAt", "updatedAt", "completedAt")
    SELECT 'pbt_' || n, '${ws}', 'Task ' || n, (CASE WHEN ${h("n", 3, 10)} < 7 THEN 'done' ELSE 'in_progress' END)::"TaskStatus",
      now() - interval '${DAYS} days' + ${h("n", 5, DAYS * 24)} * interval '1 hour', now(),
      CASE WHEN ${h("n", 3, 10)} < 7 THEN now() - interval '${DAYS} days' + ${h("n", 5, DAYS * 24)} * interval '1 hour' + (1 + ${h("n", 7, 200)}) * interval '1 hour' END
    FROM generate_series(0, ${AGENTS - 1}) n;
  INSERT INTO "Agent" ("id", "workspaceId", "displayName", "templateId", "taskId", "updatedAt")
    SELECT 'pba_' || n, '${ws}', 'Agent ' || n, '${tpl}', 'pbt_' || n, now() FROM generate_series(0, ${AGENTS - 1}) n;`);
// Runs spread evenly over the days; the newest PROBATION_DAYS are the probation's, each agent's arm by a hash (20% baseline).
const perDay = Math.round(RUNS_TOTAL / DAYS);
for (let day = DAYS - 1; day >= 0; day--) {
  const onProbation = day < PROBATION_DAYS;
  const from = (DAYS - 1 - day) * perDay;
  const arm = `(CASE WHEN ${h("(i % " + AGENTS + ")", 17, 10)} < 2 THEN 'baseline' ELSE 'candidate' END)`;
  await pool.query(`
    INSERT INTO "WakeRun" ("id", "workspaceId", "agentId", "templateId", "templateVersionId", "reason", "status", "startedAt", "finishedAt",
      "inputTokens", "outputTokens", "qualityScore", "userRating", "ratedAt", "probationId", "arm")
    SELECT 'pbr_' || i, '${ws}', 'pba_' || (i % ${AGENTS}), '${tpl}', ${onProbation ? `CASE WHEN ${arm} = 'baseline' THEN 'pb_v1' ELSE 'pb_v2' END` : "'pb_v1'"}, 'subscription', 'succeeded',
      now() - interval '${day + 1} days' + (i - ${from}) * interval '${Math.floor(86_400_000 / perDay)} milliseconds', now() - interval '${day} days',
      1500 + ${h("i", 19, 500)}, 300 + ${h("i", 23, 200)}, 0.6 + ${h("i", 29, 40)}::float8 / 100,
      CASE WHEN ${h("i", 31, 2)} = 0 THEN ${h("i", 37, 5)}::float8 / 4 END, CASE WHEN ${h("i", 31, 2)} = 0 THEN now() END,
      ${onProbation ? "'pb_p'" : "NULL"}, ${onProbation ? `${arm}::"ProbationArm"` : "NULL"}
    FROM generate_series(${from}, ${from + perDay - 1}) i`);
  if (onProbation) {
    await pool.query(`
      INSERT INTO "ChangeSet" ("id", "workspaceId", "agentId", "templateId", "wakeRunId", "createdAt")
        SELECT 'pbs_' || i, '${ws}', 'pba_' || (i % ${AGENTS}), '${tpl}', 'pbr_' || i, now() FROM generate_series(${from}, ${from + perDay - 1}) i;
      INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "summary", "status", "createdAt")
        SELECT 'pbi_' || i || '_' || k, '${ws}', 'pbs_' || i, 'pba_' || (i % ${AGENTS}), '${tpl}', 'propose_estimate', 'Estimate',
          (CASE WHEN ${h("i * 3 + k", 41, 10)} < 6 THEN 'confirmed' WHEN ${h("i * 3 + k", 41, 10)} < 9 THEN 'rejected' ELSE 'pending' END)::"ChangeItemStatus", now()
        FROM generate_series(${from}, ${from + perDay - 1}) i, generate_series(1, 2) k;`);
  }
}
await pool.query(`ANALYZE`);
const { rows } = await pool.query<{ runs: string; probation: string; items: string }>(`
  SELECT (SELECT count(*) FROM "WakeRun" WHERE "templateId" = '${tpl}')::text AS runs,
         (SELECT count(*) FROM "WakeRun" WHERE "probationId" = 'pb_p')::text AS probation,
         (SELECT count(*) FROM "ChangeItem" WHERE "templateId" = '${tpl}')::text AS items`);
const counts = { runs: Number(rows[0]!.runs), probationRuns: Number(rows[0]!.probation), changeItems: Number(rows[0]!.items) };
log(`dataset ready in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString("en")}`).join(", ")}`);

// The services read DATABASE_URL when first imported (scripts/bench.mjs sets it to this database).
const { measureAndStore } = await import("@/features/probation/server/measure");
const totals: number[] = [];
const sqls: number[] = [];
let effects: Awaited<ReturnType<typeof measureAndStore>> | undefined;
for (let i = 0; i < REPEAT + 3; i++) {
  const s = await timed(() => measureAndStore(ws, "pb_p"));
  effects = s.result;
  if (i < 3) continue;
  totals.push(s.ms);
  sqls.push(s.sql.reduce((a, c) => a + c.ms, 0));
}
const total = summarize(totals);
const sql = summarize(sqls);
console.log(table(["case", "p50 ms", "p95 ms", "max ms", "sql p95 ms", "goal"], [["measure a probation (load arms + effects)", total.p50, total.p95, total.max, sql.p95, total.p95 < GOAL_MS ? `< ${GOAL_MS} ✓` : `< ${GOAL_MS} ✗`]]));
log(`arms: ${effects!.runs.candidate.toLocaleString("en")} vs ${effects!.runs.baseline.toLocaleString("en")} runs`);

mkdirSync(RESULTS, { recursive: true });
const file = `${RESULTS}/latest.json`;
const latest = (() => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
})();
writeFileSync(file, `${JSON.stringify({ ...latest, probation: { at: new Date().toISOString(), counts, goalMs: GOAL_MS, total, sql } }, null, 2)}\n`);
await pool.end();
