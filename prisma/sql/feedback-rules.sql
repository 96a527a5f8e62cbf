-- Generated from src/features/feedback/rules.ts by `npm run db:rules` (src/features/feedback/rules-sql.ts): do not edit.
-- The feedback rules at write time as the migrations must leave them: every function and trigger, idempotent.
-- After a rule change: `npm run db:rules -- --migration <name>` (src/features/feedback/README.md).

CREATE OR REPLACE FUNCTION feedback_on_observation_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "PendingFeedback" ("sourceType", "sourceId", "workspaceId", "templateId", "agentId", "text", "sourceCounter", "occurredAt")
  SELECT 'observation', m."id", m."workspaceId", m."templateId", m."agentId", left(m."text", 2000), m."changeCounter", m."createdAt"
  FROM new_rows m
  WHERE m."kind" = 'observation'
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_decision_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, d."workspaceId", d."templateId", d."agentId", 'decision', d."id",
    (CASE d."verdict"::text WHEN 'rejected' THEN 'negative' WHEN 'confirmed' THEN 'positive' WHEN 'deferred' THEN 'neutral' END)::"Sentiment",
    (CASE d."tool" WHEN 'propose_estimate' THEN 'accuracy' WHEN 'propose_status' THEN 'accuracy' WHEN 'propose_checklist_items' THEN 'prioritization' ELSE 'tooling' END)::"FeedbackCategory",
    1, 'rule', (CASE d."verdict"::text WHEN 'rejected' THEN 'Rejected' WHEN 'confirmed' THEN 'Confirmed' WHEN 'deferred' THEN 'Deferred' END) || ' '
      || (CASE d."tool" WHEN 'propose_estimate' THEN 'a proposed estimate' WHEN 'propose_status' THEN 'a proposed status change' WHEN 'propose_checklist_items' THEN 'a proposed checklist' ELSE CASE WHEN d."tool" LIKE 'propose\_%' THEN 'a proposed ' || replace(substr(d."tool", 9), '_', ' ') ELSE 'a proposal to ' || replace(d."tool", '_', ' ') END END)
      || COALESCE(CASE d."tool"
        WHEN 'propose_checklist_items' THEN CASE WHEN jsonb_typeof(ci."args"->'items') = 'array'
          THEN ' (' || jsonb_array_length(ci."args"->'items') || CASE WHEN jsonb_array_length(ci."args"->'items') = 1 THEN ' item)' ELSE ' items)' END END
        WHEN 'propose_estimate' THEN ' of ' || (ci."args"->>'minutes') || ' min'
        WHEN 'propose_status' THEN ' to ' || replace(ci."args"->>'status', '_', ' ')
      END, ''), d."changeCounter", d."decidedAt"
  FROM new_rows d
  LEFT JOIN "ChangeItem" ci ON ci."id" = d."changeItemId" AND ci."workspaceId" = d."workspaceId"
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;

  INSERT INTO "PendingFeedback" ("sourceType", "sourceId", "workspaceId", "templateId", "agentId", "text", "sourceCounter", "occurredAt")
  SELECT DISTINCT ON (COALESCE(d."batchId", d."id"), d."templateId")
    'reason', d."id", d."workspaceId", d."templateId", d."agentId", left(btrim(d."reason"), 2000), d."changeCounter", d."decidedAt"
  FROM new_rows d
  WHERE btrim(COALESCE(d."reason", '')) <> ''
    AND NOT EXISTS (
      SELECT 1 FROM "ChangeDecision" e
      WHERE d."batchId" IS NOT NULL AND e."batchId" = d."batchId" AND e."templateId" = d."templateId"
        AND e."id" NOT IN (SELECT s."id" FROM new_rows s)
    )
  ORDER BY COALESCE(d."batchId", d."id"), d."templateId", d."id"
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_report_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, p."workspaceId", p."templateId", p."agentId", 'report_confidence', p."id", s.sentiment::"Sentiment", 'accuracy',
    1, 'rule',
    'The agent reported confidence ' || to_char(round((p."confidence")::numeric, 2), 'FM0.09') || COALESCE(' in its work (was ' || to_char(round((prev.c)::numeric, 2), 'FM0.09') || ')', ' in its work'),
    p."changeCounter", p."createdAt"
  FROM new_rows p
  LEFT JOIN LATERAL (
    SELECT e."confidence" AS c FROM "AgentReport" e
    WHERE e."agentId" = p."agentId" AND e."confidence" IS NOT NULL AND (e."createdAt", e."id") < (p."createdAt", p."id")
    ORDER BY e."createdAt" DESC, e."id" DESC LIMIT 1
  ) prev ON true
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN p."confidence" < 0.4 THEN 'negative'
      WHEN prev.c - p."confidence" >= 0.199999999 THEN 'negative'
      WHEN p."confidence" >= 0.8 THEN 'positive'
    END AS sentiment
  ) s
  WHERE p."confidence" IS NOT NULL AND s.sentiment IS NOT NULL
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_run_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, x."workspaceId", x."templateId", x."agentId", x.source, x."id", x.sentiment::"Sentiment", x.category::"FeedbackCategory",
    1, 'rule', x.detail, x.counter, x.at
  FROM (
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'rating' AS source,
      CASE WHEN r."userRating" < 0.3 THEN 'negative' WHEN r."userRating" > 0.7 THEN 'positive' ELSE 'neutral' END AS sentiment,
      'general' AS category, 'Rated a run ' || to_char(round((r."userRating")::numeric, 2), 'FM0.09') || ' / 1' AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM new_rows r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < 0.7 THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || to_char(round((r."qualityScore")::numeric, 2), 'FM0.09')
        || CASE WHEN r."iterations" IS NULL THEN '' WHEN r."iterations" <= 1 THEN ' on the first draft'
             WHEN r."iterations" = 2 THEN ' after one refinement' ELSE ' after ' || (r."iterations" - 1) || ' refinements' END,
      r."changeCounter", r."startedAt"
    FROM new_rows r WHERE r."qualityScore" < 0.7 OR r."qualityScore" >= 0.9
  ) x
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_run_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, x."workspaceId", x."templateId", x."agentId", x.source, x."id", x.sentiment::"Sentiment", x.category::"FeedbackCategory",
    1, 'rule', x.detail, x.counter, x.at
  FROM (
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'rating' AS source,
      CASE WHEN r."userRating" < 0.3 THEN 'negative' WHEN r."userRating" > 0.7 THEN 'positive' ELSE 'neutral' END AS sentiment,
      'general' AS category, 'Rated a run ' || to_char(round((r."userRating")::numeric, 2), 'FM0.09') || ' / 1' AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM (SELECT NEW.*) r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < 0.7 THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || to_char(round((r."qualityScore")::numeric, 2), 'FM0.09')
        || CASE WHEN r."iterations" IS NULL THEN '' WHEN r."iterations" <= 1 THEN ' on the first draft'
             WHEN r."iterations" = 2 THEN ' after one refinement' ELSE ' after ' || (r."iterations" - 1) || ' refinements' END,
      r."changeCounter", r."startedAt"
    FROM (SELECT NEW.*) r WHERE r."qualityScore" < 0.7 OR r."qualityScore" >= 0.9
  ) x
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

DROP TRIGGER IF EXISTS "AgentMessage_feedback" ON "AgentMessage";
CREATE TRIGGER "AgentMessage_feedback" AFTER INSERT ON "AgentMessage"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_observation_insert();

DROP TRIGGER IF EXISTS "ChangeDecision_feedback" ON "ChangeDecision";
CREATE TRIGGER "ChangeDecision_feedback" AFTER INSERT ON "ChangeDecision"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_decision_insert();

DROP TRIGGER IF EXISTS "AgentReport_feedback" ON "AgentReport";
CREATE TRIGGER "AgentReport_feedback" AFTER INSERT ON "AgentReport"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_report_insert();

DROP TRIGGER IF EXISTS "WakeRun_feedback" ON "WakeRun";
CREATE TRIGGER "WakeRun_feedback" AFTER INSERT ON "WakeRun"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feedback_on_run_insert();

DROP TRIGGER IF EXISTS "WakeRun_feedback_update" ON "WakeRun";
CREATE TRIGGER "WakeRun_feedback_update" AFTER UPDATE OF "userRating", "qualityScore" ON "WakeRun"
  FOR EACH ROW WHEN (NEW."userRating" IS DISTINCT FROM OLD."userRating" OR NEW."qualityScore" IS DISTINCT FROM OLD."qualityScore")
  EXECUTE FUNCTION feedback_on_run_update();
