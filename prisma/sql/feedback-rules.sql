-- Generated from src/features/feedback/rules.ts by `npm run db:rules` (src/features/feedback/rules-sql.ts): do not edit.
-- The feedback rules at write time as the migrations must leave them: every function and trigger, idempotent.
-- After a rule change: `npm run db:rules -- --migration <name>` (src/features/feedback/README.md).

CREATE OR REPLACE FUNCTION feedback_rule_sentiment(search tsvector, body text) RETURNS "Sentiment" LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN body ~* '\m(not|no|never|hardly|without|nothing|none|nobody)\M|n''t\M' THEN NULL
    WHEN (search @@ to_tsquery('simple', '''thank'':* | ''great'':* | ''accur'':* | ''perfect'':* | ''excel'':* | ''love'':* | ''nice'' | ''brilliant'':* | ''concis'':* | ''spot-on'':*')) = (search @@ to_tsquery('simple', '''wrong'':* | ''miss'':* | ''confus'':* | ''late'' | ''slow'' | ''incorrect'':* | ''inaccur'':* | ''useless'':* | ''broken'':* | ''overdue'':* | ''verbos'':* | ''poor'':* | ''duplic'':* | ''ignor'':* | ''annoy'':* | ''unclear'':* | ''vagu'':*')) THEN NULL
    WHEN search @@ to_tsquery('simple', '''thank'':* | ''great'':* | ''accur'':* | ''perfect'':* | ''excel'':* | ''love'':* | ''nice'' | ''brilliant'':* | ''concis'':* | ''spot-on'':*') THEN 'positive'::"Sentiment"
    ELSE 'negative'::"Sentiment"
  END
$fn$;

CREATE OR REPLACE FUNCTION feedback_rule_category(search tsvector) RETURNS "FeedbackCategory" LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN search @@ to_tsquery('simple', '''estim'':* | ''accur'':* | ''inaccur'':* | ''wrong'':* | ''incorrect'':* | ''mistak'':* | ''number'':* | ''calcul'':*') THEN 'accuracy'::"FeedbackCategory"
    WHEN search @@ to_tsquery('simple', '''late'' | ''slow'' | ''overdue'':* | ''deadlin'':* | ''delay'':* | ''quick'':* | ''fast'' | ''wait'':*') THEN 'timeliness'::"FeedbackCategory"
    WHEN search @@ to_tsquery('simple', '''priorit'':* | ''urgent'':* | ''p1'' | ''p2'' | ''sever'':* | ''focus'':*') THEN 'prioritization'::"FeedbackCategory"
    WHEN search @@ to_tsquery('simple', '''summar'':* | ''report'':* | ''tone'':* | ''verbos'':* | ''unclear'':* | ''confus'':* | ''concis'':* | ''wordi'':* | ''vagu'':*') THEN 'communication'::"FeedbackCategory"
    WHEN search @@ to_tsquery('simple', '''checklist'':* | ''tool'' | ''propos'':* | ''duplic'':* | ''status'':* | ''integr'':*') THEN 'tooling'::"FeedbackCategory"
    ELSE 'general'::"FeedbackCategory"
  END
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_observation_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH c AS MATERIALIZED (
    SELECT m."id", m."workspaceId", m."templateId", m."agentId", m."text", m."search", m."changeCounter", m."createdAt",
      feedback_rule_sentiment(m."search", m."text") AS sentiment
    FROM new_rows m WHERE m."kind" = 'observation'
  ), items AS (
    INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
    SELECT gen_random_uuid()::text, c."workspaceId", c."templateId", c."agentId", 'observation', c."id", c.sentiment,
      feedback_rule_category(c."search"), 0.8, 'rule', left(c."text", 500), c."changeCounter", c."createdAt"
    FROM c WHERE c.sentiment IS NOT NULL
    ON CONFLICT ("sourceType", "sourceId") DO NOTHING
  )
  INSERT INTO "PendingObservation" ("messageId", "workspaceId", "templateId", "sourceCounter", "occurredAt")
  SELECT c."id", c."workspaceId", c."templateId", c."changeCounter", c."createdAt"
  FROM c
  WHERE c.sentiment IS NULL
  ON CONFLICT ("messageId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_decision_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, d."workspaceId", d."templateId", d."agentId", 'decision', d."id",
    (CASE d."verdict"::text WHEN 'rejected' THEN 'negative' WHEN 'confirmed' THEN 'positive' WHEN 'deferred' THEN 'neutral' END)::"Sentiment",
    (CASE d."tool" WHEN 'propose_estimate' THEN 'accuracy' WHEN 'propose_status' THEN 'accuracy' WHEN 'propose_checklist_items' THEN 'prioritization' ELSE 'tooling' END)::"FeedbackCategory",
    1, 'rule', COALESCE(NULLIF(btrim(d."reason"), ''), initcap(d."verdict"::text) || ' ' || d."tool"), d."changeCounter", d."decidedAt"
  FROM new_rows d
  ON CONFLICT ("sourceType", "sourceId") DO NOTHING;
  RETURN NULL;
END;
$fn$;

CREATE OR REPLACE FUNCTION feedback_on_report_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
  SELECT gen_random_uuid()::text, p."workspaceId", p."templateId", p."agentId", 'report_confidence', p."id", s.sentiment::"Sentiment", 'accuracy',
    1, 'rule',
    'Report confidence ' || trim_scale(round(p."confidence"::numeric, 2))::text || COALESCE(' (was ' || trim_scale(round(prev.c::numeric, 2))::text || ')', ''),
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
      'general' AS category, 'Rated ' || trim_scale(round(r."userRating"::numeric, 2))::text AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM new_rows r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < 0.7 THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || trim_scale(round(r."qualityScore"::numeric, 2))::text
        || COALESCE(' after ' || r."iterations" || ' iteration' || CASE WHEN r."iterations" = 1 THEN '' ELSE 's' END, ''),
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
      'general' AS category, 'Rated ' || trim_scale(round(r."userRating"::numeric, 2))::text AS detail,
      r."changeCounter" AS counter, COALESCE(r."ratedAt", r."startedAt") AS at
    FROM (SELECT NEW.*) r WHERE r."userRating" IS NOT NULL
    UNION ALL
    SELECT r."id", r."workspaceId", r."templateId", r."agentId", 'quality_score',
      CASE WHEN r."qualityScore" < 0.7 THEN 'negative' ELSE 'positive' END,
      'accuracy',
      'Quality score ' || trim_scale(round(r."qualityScore"::numeric, 2))::text
        || COALESCE(' after ' || r."iterations" || ' iteration' || CASE WHEN r."iterations" = 1 THEN '' ELSE 's' END, ''),
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
