// Set-based generation of the benchmark workspace: ~8 weeks of activity for ~200 agents on a few
// templates, written day by day (INSERT … SELECT generate_series) so the change-counter triggers
// stamp rows in time order, the way a live workspace accumulates them. Each day's observations go
// in two concurrent halves (two connections); everything else of that day goes on a third.
//
// The big tables' secondary indexes (AgentMessage, AgentReport: GIN + btrees) are dropped for the
// load and rebuilt afterwards from their exact definitions (pg_indexes), which is much faster than
// maintaining them row by row. Texts come from bench/lib/corpus.ts through hash functions of the
// row number, so every run generates the same data.
import type { Pool } from "pg";
import { AREAS, BODIES, CUSTOMER_PREFIXES, CUSTOMER_SUFFIXES, RARE, REPORT_TITLES, SUBJECTS, TAILS, UNCOMMON } from "./corpus";
import { dailyVolumes } from "./setup";

export type GenerateOptions = { observations: number; agents: number; days: number; log: (m: string) => void };

export const WORKSPACE_ID = "bench_ws";
export const TEMPLATES = [
  { id: "bt_1", name: "Support Triage Agent", share: 4 },
  { id: "bt_2", name: "Release Notes Writer", share: 3 },
  { id: "bt_3", name: "Bug Reproducer", share: 2 },
  { id: "bt_4", name: "Sales Follow-up", share: 1 },
];
const VERSION_DAYS = [0, 20, 40];
const TRACKED = ["AgentTemplate", "TemplateVersion", "Agent", "Task", "WakeRun", "AgentMessage", "AgentReport", "ChangeSet", "ChangeItem", "ChangeDecision"];
const DAY_MS = 86_400_000;

/** SQL for the template id of agent number `n` (agents are spread over templates by `share`). */
const templateOfAgent = (n: string) => {
  const total = TEMPLATES.reduce((s, t) => s + t.share, 0);
  let acc = 0;
  const arms = TEMPLATES.map((t) => {
    acc += t.share;
    return `WHEN ${n} % ${total} < ${acc} THEN '${t.id}'`;
  });
  return `(CASE ${arms.join(" ")} END)`;
};

/** A deterministic non-negative pseudo-random integer in [0, m) from a bigint expression and a salt. */
const h = (expr: string, salt: number, m: number) => `((hashint8((${expr})::bigint * 7919 + ${salt}) & 2147483647) % ${m})`;
const pick = (param: string, expr: string, salt: number, length: number) => `(${param}::text[])[1 + ${h(expr, salt, length)}]`;

/** A note: subject, body (customer, area, ticket, version, numbers filled in), tail, sometimes a rarer word. */
function noteSql(i: string, day: string) {
  const customer = `${pick("$1", i, 3, CUSTOMER_PREFIXES.length)} || ' ' || ${pick("$2", i, 4, CUSTOMER_SUFFIXES.length)}`;
  return `${pick("$3", i, 1, SUBJECTS.length)} || ' ' || format(${pick("$4", i, 2, BODIES.length)},
      ${customer}, ${pick("$5", i, 5, AREAS.length)}, '#' || (10000 + ${h(i, 6, 90000)}), 'v2.' || (10 + (${day}) / 7),
      (5 + ${h(i, 7, 175)})::text, (10 + ${h(i, 8, 350)})::text)
    || ${pick("$6", i, 9, TAILS.length)}
    || CASE WHEN ${h(i, 10, 60)} = 0 THEN ' Seen with ' || ${pick("$7", i, 11, UNCOMMON.length)} || '.'
            WHEN ${h(i, 10, 1000)} = 1 THEN ' Mentions ' || ${pick("$8", i, 12, RARE.length)} || '.' ELSE '' END`;
}
const vocabulary = [CUSTOMER_PREFIXES, CUSTOMER_SUFFIXES, SUBJECTS, BODIES, AREAS, TAILS, UNCOMMON, RARE];

export type Generated = {
  /** The counter value just before the newest 7 days were written. */
  weekStartCounter: number;
  weekStart: Date;
  now: Date;
  counts: Record<string, number>;
  seconds: { load: number; indexes: number; vacuum: number; analyze: number };
};

export async function generate(pool: Pool, options: GenerateOptions): Promise<Generated> {
  const { observations, agents, days, log } = options;
  const t0 = Date.now();
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const start = new Date(now.getTime() - days * DAY_MS);
  const dayStart = (d: number) => new Date(start.getTime() + d * DAY_MS);

  // ---- indexes of the big tables: dropped for the load, rebuilt from the same definitions ----
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('AgentMessage', 'AgentReport') AND indexname NOT LIKE '%_pkey'`,
  );
  for (const ix of indexes) await pool.query(`DROP INDEX "${ix.indexname}"`);
  // No autovacuum during the run: the state of the visibility map is set on purpose (see below).
  for (const table of TRACKED) await pool.query(`ALTER TABLE "${table}" SET (autovacuum_enabled = false)`);

  // ---- workspace, users, templates (v1), tasks, agents ----------------------------------------
  const setup = `
    INSERT INTO "Workspace" ("id", "slug", "name", "updatedAt") VALUES ('${WORKSPACE_ID}', 'bench', 'Benchmark workspace', now());
    INSERT INTO "User" ("id", "email", "name", "updatedAt")
      SELECT 'bu_' || n, 'bench' || n || '@agent-coach.local', 'Bench user ' || n, now() FROM generate_series(1, 3) n;
    INSERT INTO "Membership" ("id", "workspaceId", "userId", "role", "updatedAt")
      SELECT 'bmb_' || n, '${WORKSPACE_ID}', 'bu_' || n, (ARRAY['owner', 'admin', 'member'])[n]::"Role", now() FROM generate_series(1, 3) n;
    INSERT INTO "AgentTemplate" ("id", "workspaceId", "name", "description", "updatedAt", "createdAt") VALUES
      ${TEMPLATES.map((t) => `('${t.id}', '${WORKSPACE_ID}', '${t.name}', 'Benchmark template', '${start.toISOString()}', '${start.toISOString()}')`).join(", ")};
    INSERT INTO "Task" ("id", "workspaceId", "title", "status", "createdAt", "updatedAt")
      SELECT 'btk_' || n, '${WORKSPACE_ID}', 'Benchmark task ' || n, 'open', '${start.toISOString()}'::timestamp, '${start.toISOString()}'::timestamp
      FROM generate_series(0, ${agents - 1}) n;
    INSERT INTO "Agent" ("id", "workspaceId", "displayName", "templateId", "taskId", "createdAt", "updatedAt")
      SELECT 'ba_' || n, '${WORKSPACE_ID}', 'Agent ' || n, ${templateOfAgent("n")}, 'btk_' || n, '${start.toISOString()}'::timestamp, '${start.toISOString()}'::timestamp
      FROM generate_series(0, ${agents - 1}) n;
    INSERT INTO "AgentState" ("agentId", "workspaceId", "updatedAt") SELECT 'ba_' || n, '${WORKSPACE_ID}', now() FROM generate_series(0, ${agents - 1}) n;`;
  await pool.query(setup);

  const split = dailyVolumes(days, dayStart);
  const perDay = { messages: split(observations), runs: split(Math.round(observations / 25)), reports: split(Math.round(observations / 40)), sets: split(Math.round(observations / 100)) };

  const vocab = vocabulary;
  let weekStartCounter = 0;
  let vacuumSeconds = 0;
  const offsets = { messages: 0, runs: 0, reports: 0, sets: 0 };
  const agentOf = (i: string, salt: number) => h(i, salt, agents);
  let lastLog = Date.now();

  for (let d = 0; d < days; d++) {
    if (d === days - 7) {
      // Like a live server between two autovacuum runs: everything but the newest week is vacuumed
      // (all-visible pages), the newest week is not, so index-only scans over it still visit the heap.
      const v0 = Date.now();
      await pool.query(`VACUUM`);
      vacuumSeconds += (Date.now() - v0) / 1000;
      const { rows } = await pool.query<{ v: string }>(`SELECT last_value::text AS v FROM "change_counter_seq"`);
      weekStartCounter = Number(rows[0].v);
    }
    const from = dayStart(d).toISOString();
    const prevFrom = dayStart(d - 1).toISOString();
    const n = perDay.messages[d];
    const lo = offsets.messages;
    const mid = lo + Math.floor(n / 2);
    const hi = lo + n;
    const messages = (a: number, b: number) =>
      b > a
        ? pool.query(
            `INSERT INTO "AgentMessage" ("id", "workspaceId", "agentId", "templateId", "kind", "text", "createdAt")
             SELECT 'bm_' || i, '${WORKSPACE_ID}', 'ba_' || ag, ${templateOfAgent("ag")}, 'observation', ${noteSql("i", String(d))},
               '${from}'::timestamp + ((i - ${lo})::float8 / ${n} * 86400 + ${h("i", 13, 60)}) * interval '1 second'
             FROM generate_series(${a}, ${b - 1}) AS g(i), LATERAL (SELECT ${agentOf("i", 14)} AS ag) x`,
            vocab,
          )
        : Promise.resolve();

    const rest = async () => {
      // New template versions move the head (same transaction semantics as the service: insert, then point).
      const vIndex = VERSION_DAYS.indexOf(d);
      if (vIndex >= 0) {
        await pool.query(`
          INSERT INTO "TemplateVersion" ("id", "workspaceId", "templateId", "number", "directives", "authoredBy", "parentVersionId", "createdAt")
            SELECT 'btv_' || t.id || '_' || ${vIndex + 1}, '${WORKSPACE_ID}', t.id, ${vIndex + 1}, 'Benchmark directives, version ${vIndex + 1}.', '${vIndex === 0 ? "system" : "agent"}',
              ${vIndex === 0 ? "NULL" : `'btv_' || t.id || '_' || ${vIndex}`}, '${from}'::timestamp
            FROM "AgentTemplate" t WHERE t."workspaceId" = '${WORKSPACE_ID}';
          UPDATE "AgentTemplate" SET "headVersionId" = 'btv_' || "id" || '_' || ${vIndex + 1}, "updatedAt" = '${from}'::timestamp WHERE "workspaceId" = '${WORKSPACE_ID}';`);
      }
      const version = VERSION_DAYS.filter((v) => v <= d).length;
      const r = perDay.runs[d];
      const rLo = offsets.runs;
      await pool.query(`
        INSERT INTO "WakeRun" ("id", "workspaceId", "agentId", "templateId", "templateVersionId", "reason", "status", "startedAt", "finishedAt", "durationMs", "inputTokens", "outputTokens", "qualityScore", "iterations")
        SELECT 'br_' || i, '${WORKSPACE_ID}', 'ba_' || ag, ${templateOfAgent("ag")}, 'btv_' || ${templateOfAgent("ag")} || '_' || ${version},
          'subscription', 'succeeded', ts, ts + interval '20 seconds', 20000, 4000 + ${h("i", 21, 5000)}, 500 + ${h("i", 22, 900)},
          0.6 + ${h("i", 23, 40)}::float8 / 100, 1 + ${h("i", 24, 5)}
        FROM generate_series(${rLo}, ${rLo + r - 1}) AS g(i),
          LATERAL (SELECT ${agentOf("i", 20)} AS ag, '${from}'::timestamp + ((i - ${rLo})::float8 / ${r} * 86400) * interval '1 second' AS ts) x`);
      // People rate about 60% of yesterday's runs (an update: stamps a new counter).
      await pool.query(`
        UPDATE "WakeRun" SET "userRating" = (${h("hashtext(\"id\")", 25, 5)})::float8 / 4, "ratedAt" = "startedAt" + interval '1 day', "ratedById" = 'bu_' || (1 + ${h("hashtext(\"id\")", 26, 3)})
        WHERE "workspaceId" = '${WORKSPACE_ID}' AND "startedAt" >= '${prevFrom}' AND "startedAt" < '${from}' AND ${h("hashtext(\"id\")", 27, 10)} < 6`);
      const rep = perDay.reports[d];
      const repLo = offsets.reports;
      await pool.query(
        `INSERT INTO "AgentReport" ("id", "workspaceId", "agentId", "templateId", "markdown", "confidence", "createdAt")
         SELECT 'brp_' || i, '${WORKSPACE_ID}', 'ba_' || ag, ${templateOfAgent("ag")},
           '## ' || (ARRAY[${REPORT_TITLES.map((t) => `'${t}'`).join(", ")}])[1 + ${h("i", 30, REPORT_TITLES.length)}] || E'\\n\\n- **Impact:** ' || ${noteSql("i", String(d))}
             || E'\\n- **Evidence:** ' || ${noteSql("i + 7777777", String(d))} || E'\\n- **Next step:** ' || ${noteSql("i + 15555555", String(d))},
           0.4 + ${h("i", 31, 60)}::float8 / 100,
           '${from}'::timestamp + ((i - ${repLo})::float8 / ${rep} * 86400) * interval '1 second'
         FROM generate_series(${repLo}, ${repLo + rep - 1}) AS g(i), LATERAL (SELECT ${agentOf("i", 32)} AS ag) x`,
        vocab,
      );
      // Change sets with two items each; yesterday's items get decided (a decision row + an item update).
      const s = perDay.sets[d];
      const sLo = offsets.sets;
      await pool.query(`
        INSERT INTO "ChangeSet" ("id", "workspaceId", "agentId", "templateId", "taskId", "createdAt")
        SELECT 'bcs_' || i, '${WORKSPACE_ID}', 'ba_' || ag, ${templateOfAgent("ag")}, 'btk_' || ag, '${from}'::timestamp + ((i - ${sLo})::float8 / ${s} * 86400) * interval '1 second'
        FROM generate_series(${sLo}, ${sLo + s - 1}) AS g(i), LATERAL (SELECT ${agentOf("i", 40)} AS ag) x`);
      await pool.query(`
        INSERT INTO "ChangeItem" ("id", "workspaceId", "changeSetId", "agentId", "templateId", "tool", "args", "summary", "createdAt")
        SELECT cs."id" || '_' || k, cs."workspaceId", cs."id", cs."agentId", cs."templateId",
          (ARRAY['propose_status', 'propose_checklist_items', 'propose_estimate'])[k], '{}'::jsonb, 'Benchmark proposal ' || k, cs."createdAt"
        FROM "ChangeSet" cs, generate_series(1, 2) k
        WHERE cs."workspaceId" = '${WORKSPACE_ID}' AND cs."createdAt" >= '${from}' AND cs."createdAt" < '${from}'::timestamp + interval '1 day'`);
      await pool.query(`
        INSERT INTO "ChangeDecision" ("id", "workspaceId", "changeItemId", "agentId", "templateId", "tool", "verdict", "reason", "decidedById", "decidedAt")
        SELECT 'bcd_' || ci."id", ci."workspaceId", ci."id", ci."agentId", ci."templateId", ci."tool",
          (CASE WHEN ${h("hashtext(ci.\"id\")", 41, 8)} < 5 THEN 'confirmed' WHEN ${h("hashtext(ci.\"id\")", 41, 8)} < 7 THEN 'rejected' ELSE 'deferred' END)::"Verdict",
          NULL, 'bu_' || (1 + ${h("hashtext(ci.\"id\")", 42, 3)}), ci."createdAt" + interval '1 day'
        FROM "ChangeItem" ci
        WHERE ci."workspaceId" = '${WORKSPACE_ID}' AND ci."status" = 'pending' AND ci."createdAt" >= '${prevFrom}' AND ci."createdAt" < '${from}'
          AND ${h("hashtext(ci.\"id\")", 43, 4)} <> 0;
        UPDATE "ChangeItem" ci SET "status" = d."verdict"::text::"ChangeItemStatus", "decidedAt" = d."decidedAt"
        FROM "ChangeDecision" d
        WHERE d."changeItemId" = ci."id" AND d."workspaceId" = '${WORKSPACE_ID}' AND d."decidedAt" >= '${from}' AND d."decidedAt" < '${from}'::timestamp + interval '1 day';
        UPDATE "Task" SET "status" = 'in_progress', "updatedAt" = '${from}'::timestamp
        WHERE "workspaceId" = '${WORKSPACE_ID}' AND "id" IN (SELECT 'btk_' || ((${d * 7} + k) % ${agents}) FROM generate_series(0, 4) k);`);
      offsets.runs += r;
      offsets.reports += rep;
      offsets.sets += s;
    };
    await Promise.all([messages(lo, mid), messages(mid, hi), rest()]);
    offsets.messages = hi;
    if (Date.now() - lastLog > 10_000 || d === days - 1) {
      lastLog = Date.now();
      log(`day ${d + 1}/${days}: ${offsets.messages.toLocaleString("en")} observations (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }
  const loaded = Date.now();

  // ---- rebuild the dropped indexes, then ANALYZE ------------------------------------------------
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET max_parallel_maintenance_workers = 2`);
    for (const ix of indexes) await client.query(ix.indexdef);
  } finally {
    client.release();
  }
  const indexed = Date.now();
  await pool.query(`ANALYZE`);
  const analyzed = Date.now();

  const { rows: countRows } = await pool.query<{ table: string; n: string }>(`
    SELECT 'observations' AS table, count(*)::text AS n FROM "AgentMessage" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'reports', count(*)::text FROM "AgentReport" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'runs', count(*)::text FROM "WakeRun" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'changeSets', count(*)::text FROM "ChangeSet" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'changeItems', count(*)::text FROM "ChangeItem" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'decisions', count(*)::text FROM "ChangeDecision" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'agents', count(*)::text FROM "Agent" WHERE "workspaceId" = '${WORKSPACE_ID}'
    UNION ALL SELECT 'templates', count(*)::text FROM "AgentTemplate" WHERE "workspaceId" = '${WORKSPACE_ID}'`);
  return {
    weekStartCounter,
    weekStart: dayStart(days - 7),
    now,
    counts: Object.fromEntries(countRows.map((r) => [r.table, Number(r.n)])),
    seconds: { load: (loaded - t0) / 1000, indexes: (indexed - loaded) / 1000, vacuum: vacuumSeconds, analyze: (analyzed - indexed) / 1000 },
  };
}
