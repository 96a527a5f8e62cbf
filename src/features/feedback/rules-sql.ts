// The feedback rules as Postgres SQL, generated from ./rules.ts (pure: no database access).
//
// Rule classification is a pure function of the source row, so it happens at WRITE time: AFTER
// INSERT triggers on AgentMessage (observations), ChangeDecision, AgentReport and WakeRun, and an
// AFTER UPDATE trigger on WakeRun (userRating / qualityScore), write the FeedbackItem — or, for an
// observation no keyword rule is confident about, a PendingObservation marker for the model — in
// the same transaction as the source row. Every write path (services, REST API, seed, bulk SQL)
// goes through them. The weekly step then only reads.
//
// `npm run db:rules` writes `feedbackRulesFileSql()` to FEEDBACK_RULES_FILE (checked in), and with
// `-- --migration <name>` also writes the migration that brings the database to it (README.md).
// tests/integration/feedback/rules-sql.test.ts fails while the file, the migrations or the database
// differ from what this file generates; the other tests there check that SQL and JS classify alike.
import {
  CATEGORY_TERMS,
  DEFAULT_TOOL_CATEGORY,
  NEGATION_REGEX_SQL,
  OBSERVATION_RULE_CONFIDENCE,
  QUALITY,
  RATING,
  REPORT_CONFIDENCE,
  SENTIMENT_TERMS,
  TOOL_CATEGORY,
  tsqueryOf,
  VERDICT_SENTIMENT,
} from "./rules";

/** Characters of the source text kept in FeedbackItem.detail for observations. */
export const DETAIL_CHARS = 500;

/** Where `npm run db:rules` writes the complete definition (relative to the repository root). */
export const FEEDBACK_RULES_FILE = "prisma/sql/feedback-rules.sql";

/**
 * Every function generated here is named so, and so is no other: an installed function so named
 * (or a trigger calling one) that the file no longer defines is dropped by the next rule migration.
 */
export const RULE_FUNCTION_NAME = /^feedback_(rule|on)_/;

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const tsq = (q: string) => `to_tsquery('simple', ${lit(q)})`;
const COLUMNS = `"id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt"`;
const EPS = 1e-9;

/** Keyword rules for one observation: its sentiment, or NULL when the rules are not confident. */
function sentimentFunction() {
  return `
  SELECT CASE
    WHEN body ~* ${lit(NEGATION_REGEX_SQL)} THEN NULL
    WHEN (search @@ ${tsq(tsqueryOf(SENTIMENT_TERMS.positive))}) = (search @@ ${tsq(tsqueryOf(SENTIMENT_TERMS.negative))}) THEN NULL
    WHEN search @@ ${tsq(tsqueryOf(SENTIMENT_TERMS.positive))} THEN 'positive'::"Sentiment"
    ELSE 'negative'::"Sentiment"
  END
`;
}

/** The first category table with a hit, else general. */
function categoryFunction() {
  const whens = CATEGORY_TERMS.map(([category, terms]) => `    WHEN search @@ ${tsq(tsqueryOf(terms))} THEN '${category}'::"FeedbackCategory"`).join("\n");
  return `
  SELECT CASE
${whens}
    ELSE 'general'::"FeedbackCategory"
  END
`;
}

// ---- one INSERT … SELECT per source, over a relation `src` (a trigger's transition table, NEW, or the whole table) ----

/** `backfill`: skip observations the model already classified (a new row cannot have an item yet). */
function observationSql(src: string, backfill = false) {
  return `
  WITH c AS MATERIALIZED (
    SELECT m."id", m."workspaceId", m."templateId", m."agentId", m."text", m."search", m."changeCounter", m."createdAt",
      feedback_rule_sentiment(m."search", m."text") AS sentiment
    FROM ${src} m WHERE m."kind" = 'observation'
  ), items AS (
    INSERT INTO "FeedbackItem" (${COLUMNS})
    SELECT gen_random_uuid()::text, c."workspaceId", c."templateId", c."agentId", 'observation', c."id", c.sentiment,
      feedback_rule_category(c."search"), ${OBSERVATION_RULE_CONFIDENCE}, 'rule', left(c."text", ${DETAIL_CHARS}), c."changeCounter", c."createdAt"
    FROM c WHERE c.sentiment IS NOT NULL
    ON CONFLICT ("sourceType", "sourceId") DO NOTHING
  )
  INSERT INTO "PendingObservation" ("messageId", "workspaceId", "templateId", "sourceCounter", "occurredAt")
  SELECT c."id", c."workspaceId", c."templateId", c."changeCounter", c."createdAt"
  FROM c
  WHERE c.sentiment IS NULL${backfill ? `
    AND NOT EXISTS (SELECT 1 FROM "FeedbackItem" fi WHERE fi."sourceType" = 'observation' AND fi."sourceId" = c."id")` : ""}
  ON CONFLICT ("messageId") DO NOTHING;
`;
}

function decisionSql(src: string) {
  const sentiment = Object.entries(VERDICT_SENTIMENT).map(([verdict, s]) => `WHEN '${verdict}' THEN '${s}'`).join(" ");
  const category = Object.entries(TOOL_CATEGORY).map(([tool, c]) => `WHEN ${lit(tool)} THEN '${c}'`).join(" ");
  return `
  INSERT INTO "FeedbackItem" (${COLUMNS})
  SELECT gen_random_uuid()::text, d."workspaceId", d."templateId", d."agentId", 'decision', d."id",
    (CASE d."verdict"::text ${sentiment} END)::"Sentiment",
    (CASE d."tool" ${category} ELSE '${DEFAULT_TOOL_CATEGORY}' END)::"FeedbackCategory",
    1, 'rule', COALESCE(NULLIF(btrim(d."reason"), ''), initcap(d."verdict"::text) || ' ' || d."tool"), d."changeCounter", d."decidedAt"
  FROM ${src} d
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
      'general' AS category, 'Rated ' || trim_scale(round(r."userRating"::numeric, 2))::text AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM ${src} r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < ${QUALITY.negativeBelow} THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || trim_scale(round(r."qualityScore"::numeric, 2))::text
        || COALESCE(' after ' || r."iterations" || ' iteration' || CASE WHEN r."iterations" = 1 THEN '' ELSE 's' END, ''),
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
    'Report confidence ' || trim_scale(round(p."confidence"::numeric, 2))::text || COALESCE(' (was ' || trim_scale(round(prev.c::numeric, 2))::text || ')', ''),
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
    feedback_rule_sentiment: sentimentFunction(),
    feedback_rule_category: categoryFunction(),
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
    `CREATE OR REPLACE FUNCTION feedback_rule_sentiment(search tsvector, body text) RETURNS "Sentiment" LANGUAGE sql IMMUTABLE AS ${body(b.feedback_rule_sentiment)};`,
    `CREATE OR REPLACE FUNCTION feedback_rule_category(search tsvector) RETURNS "FeedbackCategory" LANGUAGE sql IMMUTABLE AS ${body(b.feedback_rule_category)};`,
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
 * The same rules over every existing row (idempotent: ON CONFLICT DO NOTHING; an observation the
 * model already classified gets no marker). `where` narrows each source table (tests use it to
 * backfill one template only).
 */
export function feedbackBackfillStatements(where?: string): string[] {
  const src = (table: string) => (where ? `(SELECT * FROM "${table}" WHERE ${where})` : `"${table}"`);
  return [decisionSql(src("ChangeDecision")), runSql(src("WakeRun")), reportSql(src("AgentReport")), observationSql(src("AgentMessage"), true)].map((q) => q.trim());
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
