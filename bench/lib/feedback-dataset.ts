// Set-based generation of a feedback-heavy workspace: ONE task template with many agents, and
// ~`days` days of observations (feedback-like free text), change decisions, rated runs (with
// self-refine quality scores) and reports, written DAY BY DAY (INSERT … SELECT generate_series) so
// the change-counter triggers stamp rows in time order, as a live workspace accumulates them.
//
// Used by bench/feedback-pipeline.ts and the dashboard benchmark. Every insert goes through the
// write-time triggers (feedback rules → FeedbackItem / PendingFeedback, dashboard rollup →
// TemplateDailyStats, ChangeSet version stamp), as on a live server: the load time includes them.
// Deterministic (hash functions of the row number), like bench/lib/generate.ts.
//
// `versions` (optional): template versions created during the load, at the start of the given day
// (the head moves, as promoting does), so runs use the version active when they start and change
// sets — half of them linked to a run of the same day — carry their version.
//
// The secondary indexes of AgentMessage / AgentReport (GIN + btrees; not the report (agentId,
// createdAt) index the report trigger reads) are dropped for the load and rebuilt from their exact
// definitions; autovacuum is off on the tracked tables and the tables the
// triggers write; everything but the newest week is VACUUMed (as on a live server between two autovacuum runs); ANALYZE at the end.
import type { Pool } from "pg";
import { dailyVolumes } from "./setup";

export const FEEDBACK_WORKSPACE_ID = "fb_ws";
export const FEEDBACK_TEMPLATE_ID = "fb_t1";
const TRACKED = ["AgentTemplate", "TemplateVersion", "Agent", "Task", "WakeRun", "AgentMessage", "AgentReport", "ChangeSet", "ChangeItem", "ChangeDecision", "FeedbackItem", "PendingFeedback", "TemplateDailyStats"];
const DAY_MS = 86_400_000;

/** Observation texts: ~1/3 positive keywords, ~1/3 negative, ~1/3 neutral, negated or mixed (→ the model). */
export const OBSERVATION_TEXTS = [
  // positive
  "Thanks, the estimate was accurate for the release checklist.",
  "Great summary, the customer liked the concise report.",
  "The priority call on the P1 ticket was perfect.",
  "Excellent status update, spot-on and quick.",
  "Love the new checklist items, great job.",
  "Accurate numbers in the weekly report, thanks.",
  "Nice focus on the urgent escalation first.",
  // negative
  "The estimate was wrong by two days.",
  "Missed the deadline on the invoice task.",
  "The report is verbose and confusing.",
  "Duplicate checklist items again in the proposal.",
  "The status change was incorrect, the task is still open.",
  "Reply came late, the customer waited all morning.",
  "Ignored the urgent P1 ticket and worked on a P3.",
  "The summary was vague and unclear about next steps.",
  // neutral, negated or mixed: no confident rule
  "Noted the customer's request for a callback.",
  "The task moved to in progress after the standup.",
  "Not helpful: the checklist did not match the task.",
  "The estimate wasn't wrong, but the summary was late.",
  "Could you add the Jira link to the report?",
  "Customer asked about the invoice total.",
  "Great start but the numbers were wrong.",
];
const REJECT_REASONS = ["Too optimistic", "Wrong status, still waiting on QA", "Duplicate of an existing item", "Not a priority this week", "The estimate ignores the review time"];
const TOOLS = ["propose_estimate", "propose_status", "propose_checklist_items", "write_report"];

/** A deterministic non-negative pseudo-random integer in [0, m) from a bigint expression and a salt. */
const h = (expr: string, salt: number, m: number) => `((hashint8((${expr})::bigint * 7919 + ${salt}) & 2147483647) % ${m})`;

export async function generateFeedbackDataset(
  pool: import("pg").Pool,
  opts: { agents: number; observations: number; decisions: number; ratedRuns: number; days: number; versions?: { number: number; fromDay: number }[]; log?: (m: string) => void },
): Promise<{ workspaceId: string; templateId: string; weekStart: Date; weekStartCounter: number; loadMs: number; counts: Record<string, number> }> {
  const { agents, observations, decisions, ratedRuns, days } = opts;
  const log = opts.log ?? (() => {});
  const t0 = Date.now();
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const start = new Date(now.getTime() - days * DAY_MS);
  const dayStart = (d: number) => new Date(start.getTime() + d * DAY_MS);
  const ws = FEEDBACK_WORKSPACE_ID;
  const tpl = FEEDBACK_TEMPLATE_ID;

  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    // Kept: the report trigger reads an agent's previous report through (agentId, createdAt).
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('AgentMessage', 'AgentReport') AND indexname NOT LIKE '%_pkey'
       AND indexname <> 'AgentReport_agentId_createdAt_idx'`,
  );
  for (const ix of indexes) await pool.query(`DROP INDEX "${ix.indexname}"`);
  for (const table of TRACKED) await pool.query(`ALTER TABLE "${table}" SET (autovacuum_enabled = false)`);

  const s = start.toISOString();
  await pool.query(`
    INSERT INTO "Workspace" ("id", "slug", "name", "updatedAt") VALUES ('${ws}', 'feedback-bench', 'Feedback benchmark', now());
    INSERT INTO "User" ("id", "email", "name", "updatedAt")
      SELECT 'fbu_' || n, 'feedback' || n || '@agent-coach.local', 'Feedback user ' || n, now() FROM generate_series(1, 3) n;
    INSERT INTO "Membership" ("id", "workspaceId", "userId", "role", "updatedAt")
      SELECT 'fbm_' || n, '${ws}', 'fbu_' || n, (ARRAY['owner', 'admin', 'member'])[n]::"Role", now() FROM generate_series(1, 3) n;
    INSERT INTO "AgentTemplate" ("id", "workspaceId", "name", "description", "updatedAt", "createdAt")
      VALUES ('${tpl}', '${ws}', 'Support Triage Agent', 'Feedback benchmark template', '${s}', '${s}');
    INSERT INTO "TemplateVersion" ("id", "workspaceId", "templateId", "number", "directives", "authoredBy", "createdAt")
      VALUES ('fb_tv1', '${ws}', '${tpl}', 1, 'Triage support tickets carefully.', 'system', '${s}');
    UPDATE "AgentTemplate" SET "headVersionId" = 'fb_tv1' WHERE "id" = '${tpl}';
    INSERT INTO "Agent" ("id", "workspaceId", "displayName", "templateId", "createdAt", "updatedAt")
      SELECT 'fba_' || n, '${ws}', 'Agent ' || n, '${tpl}', '${s}'::timestamp, '${s}'::timestamp FROM generate_series(0, ${agents - 1}) n;
    INSERT INTO "AgentState" ("agentId", "workspaceId", "updatedAt") SELECT 'fba_' || n, '${ws}', now() FROM generate_series(0, ${agents - 1}) n;`);

  const split = dailyVolumes(days, dayStart);
  // Two thirds of the runs get rated; decisions come from change sets of two items.
  const perDay = { obs: split(observations), runs: split(Math.round(ratedRuns * 1.5)), sets: split(Math.ceil(decisions / 2)), reports: split(Math.round(observations / 20)) };
  const offsets = { obs: 0, runs: 0, sets: 0, reports: 0 };
  let weekStartCounter = 0;
  let versionId = "fb_tv1";
  const loadStarted = Date.now();
  let lastLog = Date.now();
  const agentOf = (i: string, salt: number) => h(i, salt, agents);
  const ts = (from: string, i: string, lo: number, n: number) => `'${from}'::timestamp + ((${i} - ${lo})::float8 / ${n} * 86400) * interval '1 second'`;

  for (let d = 0; d < days; d++) {
    if (d === days - 7) {
      await pool.query(`VACUUM`);
      const { rows } = await pool.query<{ v: string }>(`SELECT last_value::text AS v FROM "change_counter_seq"`);
      weekStartCounter = Number(rows[0].v);
    }
    const from = dayStart(d).toISOString();
    for (const v of opts.versions ?? []) {
      if (v.fromDay !== d || v.number === 1) continue;
      const id = `fb_tv${v.number}`;
      await pool.query(`
        INSERT INTO "TemplateVersion" ("id", "workspaceId", "templateId", "number", "directives", "authoredBy", "parentVersionId", "createdAt")
        VALUES ('${id}', '${ws}', '${tpl}', ${v.number}, 'v${v.number}', 'agent', '${versionId}', '${from}');
        UPDATE "AgentTemplate" SET "headVersionId" = '${id}' WHERE "id" = '${tpl}';`);
      versionId = id;
    }
    const o = perDay.obs[d];
    const oLo = offsets.obs;
    const half = oLo + Math.floor(o / 2);
    const obs = (a: number, b: number) =>
      b > a
        ? pool.query(
            `INSERT INTO "AgentMessage" ("id", "workspaceId", "agentId", "templateId", "kind", "text", "createdAt")
             SELECT 'fbo_' || i, '${ws}', 'fba_' || ${agentOf("i", 1)}, '${tpl}', 'observation',
               ($1::text[])[1 + ${h("i", 2, OBSERVATION_TEXTS.length)}] || ' (#' || (10000 + ${h("i", 3, 90000)}) || ')', ${ts(from, "i", oLo, o)}
             FROM generate_series(${a}, ${b - 1}) AS g(i)`,
            [OBSERVATION_TEXTS],
          )
        : Promise.resolve();
    const rest = async () => {
      const r = perDay.runs[d];
      const rLo = offsets.runs;
      // Runs: 2 in 3 rated (0, .25, .5, .75, 1), all with a self-refine quality score 0.5–1.0.
      await pool.query(`
        INSERT INTO "WakeRun" ("id", "workspaceId", "agentId", "templateId", "templateVersionId", "reason", "status", "startedAt", "finishedAt", "durationMs",
          "userRating", "ratedAt", "ratedById", "qualityScore", "iterations")
        SELECT 'fbr_' || i, '${ws}', 'fba_' || ${agentOf("i", 10)}, '${tpl}', '${versionId}', 'subscription', 'succeeded', t, t + interval '20 seconds', 20000,
          CASE WHEN ${h("i", 11, 3)} < 2 THEN ${h("i", 12, 5)}::float8 / 4 END, CASE WHEN ${h("i", 11, 3)} < 2 THEN t + interval '1 hour' END,
          CASE WHEN ${h("i", 11, 3)} < 2 THEN 'fbu_' || (1 + ${h("i", 13, 3)}) END,
          0.5 + ${h("i", 14, 51)}::float8 / 100, 1 + ${h("i", 15, 3)}
        FROM generate_series(${rLo}, ${rLo + r - 1}) AS g(i), LATERAL (SELECT ${ts(from, "i", rLo, r)} AS t) x`);
      const rep = perDay.reports[d];
      const repLo = offsets.reports;
      await pool.query(`
        INSERT INTO "AgentReport" ("id", "workspaceId", "agentId", "templateId", "markdown", "confidence", "createdAt")
        SELECT 'fbp_' || i, '${ws}', 'fba_' || ${agentOf("i", 20)}, '${tpl}', '## Status' || E'\\n\\nBenchmark report ' || i, 0.3 + ${h("i", 21, 71)}::float8 / 100, ${ts(from, "i", repLo, rep)}
        FROM generate_series(${repLo}, ${repLo + rep - 1}) AS g(i)`);
      const c = perDay.sets[d];
      const cLo = offsets.sets;
      // Half of the change sets come from a run of the same day (the trigger takes its version), half
      // through the API without one (the head's).
      await pool.query(`
        INSERT INTO "ChangeSet" ("id", "workspaceId", "agentId", "templateId", "wakeRunId", "createdAt")
        SELECT 'fbs_' || i, '${ws}', 'fba_' || ${agentOf("i", 30)}, '${tpl}',
          CASE WHEN (i & 1) = 0 THEN 'fbr_' || (${rLo} + (i - ${cLo}) * ${r} / ${Math.max(1, c)}) END, ${ts(from, "i", cLo, c)}
        FROM generate_series(${cLo}, ${cLo + c - 1}) AS g(i);
        INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "args", "summary", "status", "createdAt", "decidedAt")
        SELECT 'fbs_' || i || '_' || k, '${ws}', 'fbs_' || i, 'fba_' || ${agentOf("i", 30)}, '${tpl}', (ARRAY[${TOOLS.map((x) => `'${x}'`).join(", ")}])[1 + ${h("i * 2 + k", 31, TOOLS.length)}],
          '{}'::jsonb, 'Benchmark proposal ' || k,
          (CASE WHEN ${h("i * 2 + k", 32, 8)} < 5 THEN 'confirmed' WHEN ${h("i * 2 + k", 32, 8)} < 7 THEN 'rejected' ELSE 'deferred' END)::"ChangeItemStatus",
          ${ts(from, "i", cLo, c)}, ${ts(from, "i", cLo, c)} + interval '2 hours'
        FROM generate_series(${cLo}, ${cLo + c - 1}) AS g(i), generate_series(1, 2) k;
        INSERT INTO "ChangeDecision" ("id", "workspaceId", "changeItemId", "agentId", "templateId", "tool", "verdict", "reason", "decidedById", "decidedAt")
        SELECT 'fbd_' || ci."id", ci."workspaceId", ci."id", ci."agentId", ci."templateId", ci."tool", ci."status"::text::"Verdict",
          CASE WHEN ci."status" = 'rejected' AND ${h("hashtext(ci.\"id\")", 33, 2)} = 0 THEN (ARRAY[${REJECT_REASONS.map((x) => `'${x}'`).join(", ")}])[1 + ${h("hashtext(ci.\"id\")", 34, REJECT_REASONS.length)}] END,
          'fbu_' || (1 + ${h("hashtext(ci.\"id\")", 35, 3)}), ci."decidedAt"
        FROM "ChangeItem" ci WHERE ci."changeSetId" IN (SELECT 'fbs_' || i FROM generate_series(${cLo}, ${cLo + c - 1}) i);`);
      offsets.runs += r;
      offsets.reports += rep;
      offsets.sets += c;
    };
    await Promise.all([obs(oLo, half), obs(half, oLo + o), rest()]);
    offsets.obs += o;
    if (Date.now() - lastLog > 10_000 || d === days - 1) {
      lastLog = Date.now();
      log(`day ${d + 1}/${days}: ${offsets.obs.toLocaleString("en")} observations (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }

  // What the background job has done by now on a live server: every written text labeled but the
  // newest 0.5% (its labels stood in by a hash: the classifier's cost is not what this measures).
  const { rows: cut } = await pool.query<{ c: string | null }>(
    `SELECT "sourceCounter"::text AS c FROM "PendingFeedback" WHERE "templateId" = $1 ORDER BY "sourceCounter" DESC OFFSET $2 LIMIT 1`,
    [tpl, Math.ceil(observations * 0.005)],
  );
  if (cut[0]?.c) {
    await pool.query(`
      WITH done AS (DELETE FROM "PendingFeedback" p WHERE p."templateId" = '${tpl}' AND p."sourceCounter" <= ${cut[0].c} RETURNING p.*)
      INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
      SELECT 'fbl_' || d."sourceId", d."workspaceId", d."templateId", d."agentId", d."sourceType", d."sourceId",
        (ARRAY['positive', 'negative', 'neutral'])[1 + abs(hashtext(d."sourceId")) % 3]::"Sentiment",
        (ARRAY['accuracy', 'communication', 'prioritization', 'tooling', 'timeliness', 'general'])[1 + abs(hashtext(d."sourceId" || 'c')) % 6]::"FeedbackCategory",
        0.8, 'model', left(d."text", 500), d."sourceCounter", d."occurredAt"
      FROM done d`);
    // On a live server the markers come and go a few at a time: autovacuum lets new ones reuse
    // the space of labeled ones, so the table stays the size of what waits. Written all at once and
    // then deleted here, it would keep a million rows' pages (≈ 21,000) behind 5,000 live rows, and
    // every read of what waits would scan them: rewrite it to the size a live server's has.
    await pool.query(`VACUUM FULL "PendingFeedback"`);
    log(`labeled the written texts but the newest ${Math.ceil(observations * 0.005).toLocaleString("en")} (the background job's part)`);
  }

  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    for (const ix of indexes) await client.query(ix.indexdef);
  } finally {
    client.release();
  }
  const loadMs = Date.now() - loadStarted;
  await pool.query(`ANALYZE`);
  log(`loaded (${(loadMs / 1000).toFixed(0)} s, write-time triggers included), indexed and analyzed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const { rows } = await pool.query<{ k: string; n: string }>(`
    SELECT 'agents' AS k, count(*)::text AS n FROM "Agent" WHERE "templateId" = '${tpl}'
    UNION ALL SELECT 'observations', count(*)::text FROM "AgentMessage" WHERE "templateId" = '${tpl}'
    UNION ALL SELECT 'decisions', count(*)::text FROM "ChangeDecision" WHERE "templateId" = '${tpl}'
    UNION ALL SELECT 'runs', count(*)::text FROM "WakeRun" WHERE "templateId" = '${tpl}'
    UNION ALL SELECT 'ratedRuns', count(*)::text FROM "WakeRun" WHERE "templateId" = '${tpl}' AND "userRating" IS NOT NULL
    UNION ALL SELECT 'reports', count(*)::text FROM "AgentReport" WHERE "templateId" = '${tpl}'`);
  return { workspaceId: ws, templateId: tpl, weekStart: dayStart(days - 7), weekStartCounter, loadMs, counts: Object.fromEntries(rows.map((r) => [r.k, Number(r.n)])) };
}

export type FeedbackDataset = Awaited<ReturnType<typeof generateFeedbackDataset>>;
export type { Pool };
