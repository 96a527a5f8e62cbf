// The feedback rules as Postgres SQL, generated from ./rules.ts (pure: no database access).
//
// Classification of STRUCTURED sources is a pure function of the source row, so it happens at WRITE
// time: AFTER INSERT triggers on ChangeDecision, AgentReport and WakeRun, and an AFTER UPDATE
// trigger on WakeRun (userRating / qualityScore), write the FeedbackItem — a signal, its detail in
// words — in the same transaction as the source row. Free text is never classified here: an
// observation (AgentMessage insert) and a decision's reason (once per click and template) get a
// PendingFeedback marker in the same transaction, for the classifier (server/classify-pending.ts).
// Every write path (services, REST API, seed, bulk SQL) goes through them.
//
// `npm run db:rules` writes `feedbackRulesFileSql()` to FEEDBACK_RULES_FILE (checked in), and with
// `-- --migration <name>` also writes the migration that brings the database to it (README.md).
// tests/integration/feedback/rules-sql.test.ts fails while the file, the migrations or the database
// differ from what this file generates.
import { DEFAULT_TOOL_CATEGORY, PENDING_TEXT_CHARS, QUALITY, RATING, REPORT_CONFIDENCE, TOOL_CATEGORY, TOOL_PHRASE, VERDICT_SENTIMENT, VERDICT_WORD } from "./rules";

/** SQL: the verdict of a written item's decision (null for an observation), for `classifierSource` (./rules.ts); `item` is a row with "sourceType" and "sourceId". */
export const reasonVerdictSql = (item: string) =>
  `(SELECT d."verdict"::text FROM "ChangeDecision" d WHERE ${item}."sourceType" = 'reason' AND d."id" = ${item}."sourceId" AND d."workspaceId" = ${item}."workspaceId")`;

/** Characters of the source text kept in FeedbackItem.detail for written feedback. */
export const DETAIL_CHARS = 500;

/** Where `npm run db:rules` writes the complete definition (relative to the repository root). */
export const FEEDBACK_RULES_FILE = "prisma/sql/feedback-rules.sql";

/**
 * Every function generated here is named so, and so is no other: an installed function so named
 * (or a trigger calling one) that the file no longer defines is dropped by the next rule migration.
 */
export const RULE_FUNCTION_NAME = /^feedback_(rule|on)_/;

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const COLUMNS = `"id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt"`;
const PENDING_COLUMNS = `"sourceType", "sourceId", "workspaceId", "templateId", "agentId", "text", "sourceCounter", "occurredAt"`;
const EPS = 1e-9;
/** A number as people write it: 0.93, 0.5, 1.0 (two decimals at most). */
const num = (x: string) => `to_char(round((${x})::numeric, 2), 'FM0.09')`;

// ---- one INSERT … SELECT per source, over a relation `src` (a trigger's transition table, NEW, or the whole table) ----

/** Every observation waits for the classifier. `backfill`: not those already classified. */
function observationSql(src: string, backfill = false) {
  return `
  INSERT INTO "PendingFeedback" (${PENDING_COLUMNS})
  SELECT 'observation', m."id", m."workspaceId", m."templateId", m."agentId", left(m."text", ${PENDING_TEXT_CHARS}), m."changeCounter", m."createdAt"
  FROM ${src} m
  WHERE m."kind" = 'observation'${backfill ? `
    AND NOT EXISTS (SELECT 1 FROM "FeedbackItem" fi WHERE fi."sourceType" = 'observation' AND fi."sourceId" = m."id")` : ""}
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
`;
}

/** The decision as a signal, in words: "Confirmed a proposed checklist (3 items)". */
function decisionDetailSql(d: string, ci: string) {
  const phrase = Object.entries(TOOL_PHRASE).map(([tool, p]) => `WHEN ${lit(tool)} THEN ${lit(p)}`).join(" ");
  const word = Object.entries(VERDICT_WORD).map(([verdict, w]) => `WHEN '${verdict}' THEN '${w}'`).join(" ");
  return `(CASE ${d}."verdict"::text ${word} END) || ' '
      || (CASE ${d}."tool" ${phrase} ELSE CASE WHEN ${d}."tool" LIKE 'propose\\_%' THEN 'a proposed ' || replace(substr(${d}."tool", 9), '_', ' ') ELSE 'a proposal to ' || replace(${d}."tool", '_', ' ') END END)
      || COALESCE(CASE ${d}."tool"
        WHEN 'propose_checklist_items' THEN CASE WHEN jsonb_typeof(${ci}."args"->'items') = 'array'
          THEN ' (' || jsonb_array_length(${ci}."args"->'items') || CASE WHEN jsonb_array_length(${ci}."args"->'items') = 1 THEN ' item)' ELSE ' items)' END END
        WHEN 'propose_estimate' THEN ' of ' || (${ci}."args"->>'minutes') || ' min'
        WHEN 'propose_status' THEN ' to ' || replace(${ci}."args"->>'status', '_', ' ')
      END, '')`;
}

/**
 * Each decision: its signal item. Its reason, when one was given: ONE pending marker per click
 * (`batchId`, else the decision alone) and template — the batch's first decision in the template
 * (smallest id) stands for it, unless an earlier statement already wrote the batch's.
 */
function decisionSql(src: string, backfill = false) {
  const sentiment = Object.entries(VERDICT_SENTIMENT).map(([verdict, s]) => `WHEN '${verdict}' THEN '${s}'`).join(" ");
  const category = Object.entries(TOOL_CATEGORY).map(([tool, c]) => `WHEN ${lit(tool)} THEN '${c}'`).join(" ");
  return `
  INSERT INTO "FeedbackItem" (${COLUMNS})
  SELECT gen_random_uuid()::text, d."workspaceId", d."templateId", d."agentId", 'decision', d."id",
    (CASE d."verdict"::text ${sentiment} END)::"Sentiment",
    (CASE d."tool" ${category} ELSE '${DEFAULT_TOOL_CATEGORY}' END)::"FeedbackCategory",
    1, 'rule', ${decisionDetailSql("d", "ci")}, d."changeCounter", d."decidedAt"
  FROM ${src} d
  LEFT JOIN "ChangeItem" ci ON ci."id" = d."changeItemId" AND ci."workspaceId" = d."workspaceId"
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;

  INSERT INTO "PendingFeedback" (${PENDING_COLUMNS})
  SELECT DISTINCT ON (COALESCE(d."batchId", d."id"), d."templateId")
    'reason', d."id", d."workspaceId", d."templateId", d."agentId", left(btrim(d."reason"), ${PENDING_TEXT_CHARS}), d."changeCounter", d."decidedAt"
  FROM ${src} d
  WHERE btrim(COALESCE(d."reason", '')) <> ''
    AND NOT EXISTS (
      SELECT 1 FROM "ChangeDecision" e
      WHERE d."batchId" IS NOT NULL AND e."batchId" = d."batchId" AND e."templateId" = d."templateId"
        AND e."id" NOT IN (SELECT s."id" FROM ${src} s)
    )${backfill ? `
    AND NOT EXISTS (
      SELECT 1 FROM "FeedbackItem" fi JOIN "ChangeDecision" e ON e."id" = fi."sourceId"
      WHERE fi."sourceType" = 'reason' AND fi."templateId" = d."templateId" AND COALESCE(e."batchId", e."id") = COALESCE(d."batchId", d."id")
    )` : ""}
  ORDER BY COALESCE(d."batchId", d."id"), d."templateId", d."id"
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
`;
}

function runSql(src: string) {
  return `
  INSERT INTO "FeedbackItem" (${COLUMNS})
  SELECT gen_random_uuid()::text, x."workspaceId", x."templateId", x."agentId", x.source, x."id", x.sentiment::"Sentiment", x.category::"FeedbackCategory",
    1, 'rule', x.detail, x.counter, x.at
  FROM (
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'rating' AS source,
      CASE WHEN r."userRating" < ${RATING.negativeBelow} THEN 'negative' WHEN r."userRating" > ${RATING.positiveAbove} THEN 'positive' ELSE 'neutral' END AS sentiment,
      'general' AS category, 'Rated a run ' || ${num(`r."userRating"`)} || ' / 1' AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM ${src} r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < ${QUALITY.negativeBelow} THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || ${num(`r."qualityScore"`)}
        || CASE WHEN r."iterations" IS NULL THEN '' WHEN r."iterations" <= 1 THEN ' on the first draft'
             WHEN r."iterations" = 2 THEN ' after one refinement' ELSE ' after ' || (r."iterations" - 1) || ' refinements' END,
      r."changeCounter", r."startedAt"
    FROM ${src} r WHERE r."qualityScore" < ${QUALITY.negativeBelow} OR r."qualityScore" >= ${QUALITY.positiveFrom}
  ) x
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
`;
}

/** Report confidence trend: compared with the same agent's newest earlier report (createdAt, then id). */
function reportSql(src: string) {
  return `
  INSERT INTO "FeedbackItem" (${COLUMNS})
  SELECT gen_random_uuid()::text, p."workspaceId", p."templateId", p."agentId", 'report_confidence', p."id", s.sentiment::"Sentiment", 'accuracy',
    1, 'rule',
    'The agent reported confidence ' || ${num(`p."confidence"`)} || COALESCE(' in its work (was ' || ${num("prev.c")} || ')', ' in its work'),
    p."changeCounter", p."createdAt"
  FROM ${src} p
  LEFT JOIN LATERAL (
    SELECT e."confidence" AS c FROM "AgentReport" e
    WHERE e."agentId" = p."agentId" AND e."confidence" IS NOT NULL AND (e."createdAt", e."id") < (p."createdAt", p."id")
    ORDER BY e."createdAt" DESC, e."id" DESC LIMIT 1
  ) prev ON true
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN p."confidence" < ${REPORT_CONFIDENCE.negativeBelow} THEN 'negative'
      WHEN prev.c - p."confidence" >= ${REPORT_CONFIDENCE.dropAtLeast - EPS} THEN 'negative'
      WHEN p."confidence" >= ${REPORT_CONFIDENCE.positiveFrom} THEN 'positive'
    END AS sentiment
  ) s
  WHERE p."confidence" IS NOT NULL AND s.sentiment IS NOT NULL
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
`;
}

const plpgsql = (sql: string) => `
BEGIN${sql}  RETURN NULL;
END;
`;

/** name → body of every function the migration installs (what pg_proc.prosrc must hold). */
export function feedbackFunctionBodies(): Record<string, string> {
  return {
    feedback_on_observation_insert: plpgsql(observationSql("new_rows")),
    feedback_on_decision_insert: plpgsql(decisionSql("new_rows")),
    feedback_on_report_insert: plpgsql(reportSql("new_rows")),
    feedback_on_run_insert: plpgsql(runSql("new_rows")),
    feedback_on_run_update: plpgsql(runSql(`(SELECT NEW.*)`)),
  };
}

const body = (s: string) => `$fn$${s}$fn$`;

/** CREATE OR REPLACE the functions and (re)create the triggers. */
function feedbackTriggerSql(): string {
  const b = feedbackFunctionBodies();
  const trigger = (name: string, table: string, timing: string, fn: string) =>
    `DROP TRIGGER IF EXISTS "${name}" ON "${table}";\nCREATE TRIGGER "${name}" ${timing} ON "${table}"\n  ${fn};`;
  return [
    ...(["observation", "decision", "report", "run"] as const).map(
      (s) => `CREATE OR REPLACE FUNCTION feedback_on_${s}_insert() RETURNS trigger LANGUAGE plpgsql AS ${body(b[`feedback_on_${s}_insert`])};`,
    ),
    `CREATE OR REPLACE FUNCTION feedback_on_run_update() RETURNS trigger LANGUAGE plpgsql AS ${body(b.feedback_on_run_update)};`,
    // Statement-level with transition tables: one INSERT … SELECT per statement, so bulk loads stay set-based.
    trigger("AgentMessage_feedback", "AgentMessage", "AFTER INSERT", "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_observation_insert()"),
    trigger("ChangeDecision_feedback", "ChangeDecision", "AFTER INSERT", "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_decision_insert()"),
    trigger("AgentReport_feedback", "AgentReport", "AFTER INSERT", "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_report_insert()"),
    trigger("WakeRun_feedback", "WakeRun", "AFTER INSERT", "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_run_insert()"),
    // Row-level, and only when a rating or a quality score changes (the live phase updates of a run never call it).
    trigger(
      "WakeRun_feedback_update",
      "WakeRun",
      `AFTER UPDATE OF "userRating", "qualityScore"`,
      `FOR EACH ROW WHEN (NEW."userRating" IS DISTINCT FROM OLD."userRating" OR NEW."qualityScore" IS DISTINCT FROM OLD."qualityScore")\n  EXECUTE FUNCTION feedback_on_run_update()`,
    ),
  ].join("\n\n");
}

/**
 * The same rules over every existing row (idempotent: ON CONFLICT DO NOTHING; written feedback the
 * classifier already labeled gets no marker). `where` narrows each source table (tests use it to
 * backfill one template only).
 */
export function feedbackBackfillStatements(where?: string): string[] {
  const src = (table: string) => (where ? `(SELECT * FROM "${table}" WHERE ${where})` : `"${table}"`);
  return [decisionSql(src("ChangeDecision"), true), runSql(src("WakeRun")), reportSql(src("AgentReport")), observationSql(src("AgentMessage"), true)].map((q) => q.trim());
}

export function feedbackBackfillSql(where?: string): string {
  return [`-- Backfill: every existing source row gets its rule item or its pending marker (generated).`, ...feedbackBackfillStatements(where)].join("\n\n");
}

/** The text of FEEDBACK_RULES_FILE: every function and trigger of the rules, idempotent. */
export function feedbackRulesFileSql(): string {
  return [
    `-- Generated from src/features/feedback/rules.ts by \`npm run db:rules\` (src/features/feedback/rules-sql.ts): do not edit.`,
    `-- The feedback rules at write time as the migrations must leave them: every function and trigger, idempotent.`,
    `-- After a rule change: \`npm run db:rules -- --migration <name>\` (src/features/feedback/README.md).`,
    "",
    `${feedbackTriggerSql()}\n`,
  ].join("\n");
}
