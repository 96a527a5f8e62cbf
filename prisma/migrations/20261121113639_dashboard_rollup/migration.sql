-- DropIndex
DROP INDEX "WakeRun_templateId_startedAt_idx";

-- AlterTable
ALTER TABLE "ChangeSet" ADD COLUMN     "templateVersionId" TEXT;

-- CreateTable
CREATE TABLE "TemplateDailyStats" (
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateVersionId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "qualitySum" DECIMAL(30,15) NOT NULL DEFAULT 0,
    "qualityCount" INTEGER NOT NULL DEFAULT 0,
    "ratingSum" DECIMAL(30,15) NOT NULL DEFAULT 0,
    "ratingCount" INTEGER NOT NULL DEFAULT 0,
    "durationSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "durationCount" INTEGER NOT NULL DEFAULT 0,
    "tokens" BIGINT NOT NULL DEFAULT 0,
    "confirmed" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "deferred" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TemplateDailyStats_pkey" PRIMARY KEY ("templateId","day","templateVersionId")
);

-- CreateIndex
CREATE INDEX "WakeRun_templateId_startedAt_workspaceId_agentId_idx" ON "WakeRun"("templateId", "startedAt", "workspaceId", "agentId");

-- ---- Hand-written: write-time maintenance of the dashboard rollup (src/features/dashboards/README.md) ----

-- ChangeSet.templateVersionId: the run's version, else the template head when the set is written.
-- Stamped in the database so every write path (services, REST API, seed, bulk SQL) sets it.
CREATE OR REPLACE FUNCTION "stamp_change_set_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."templateVersionId" IS NULL THEN
    NEW."templateVersionId" := COALESCE(
      (SELECT r."templateVersionId" FROM "WakeRun" r WHERE r."id" = NEW."wakeRunId"),
      (SELECT t."headVersionId" FROM "AgentTemplate" t WHERE t."id" = NEW."templateId"));
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "ChangeSet_version" BEFORE INSERT ON "ChangeSet"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_set_version"();

-- Adds (or, with negative values, removes) per-day contributions; `delta` is grouped by key first
-- and sorted, so one statement touches each rollup row once and in a fixed order.
-- Runs: new runs are added per statement (transition table); an update that changes a counted
-- column removes the old contribution and adds the new one (row-level, only when such a column
-- changes: the live phase updates of a running wake never call it).
CREATE OR REPLACE FUNCTION "daily_stats_on_run_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
  SELECT "workspaceId", "templateId", "templateVersionId", "startedAt"::date, count(*), COALESCE(sum("qualityScore"::numeric), 0), count("qualityScore"),
    COALESCE(sum("userRating"::numeric), 0), count("userRating"), COALESCE(sum("durationMs"), 0), count("durationMs"), COALESCE(sum("inputTokens" + "outputTokens"), 0)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
    "runs" = s."runs" + EXCLUDED."runs", "qualitySum" = s."qualitySum" + EXCLUDED."qualitySum", "qualityCount" = s."qualityCount" + EXCLUDED."qualityCount",
    "ratingSum" = s."ratingSum" + EXCLUDED."ratingSum", "ratingCount" = s."ratingCount" + EXCLUDED."ratingCount",
    "durationSum" = s."durationSum" + EXCLUDED."durationSum", "durationCount" = s."durationCount" + EXCLUDED."durationCount", "tokens" = s."tokens" + EXCLUDED."tokens";
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "daily_stats_on_run_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
  SELECT "workspaceId", "templateId", "templateVersionId", "day", sum(n), sum(qs), sum(qc), sum(rs), sum(rc), sum(ds), sum(dc), sum(tk)
  FROM (
    SELECT OLD."workspaceId", OLD."templateId", OLD."templateVersionId", OLD."startedAt"::date AS "day", -1 AS n,
      -COALESCE(OLD."qualityScore", 0)::numeric AS qs, -(OLD."qualityScore" IS NOT NULL)::int AS qc, -COALESCE(OLD."userRating", 0)::numeric AS rs, -(OLD."userRating" IS NOT NULL)::int AS rc,
      -COALESCE(OLD."durationMs", 0)::float8 AS ds, -(OLD."durationMs" IS NOT NULL)::int AS dc, -(OLD."inputTokens" + OLD."outputTokens")::bigint AS tk
    UNION ALL
    SELECT NEW."workspaceId", NEW."templateId", NEW."templateVersionId", NEW."startedAt"::date, 1,
      COALESCE(NEW."qualityScore", 0)::numeric, (NEW."qualityScore" IS NOT NULL)::int, COALESCE(NEW."userRating", 0)::numeric, (NEW."userRating" IS NOT NULL)::int,
      COALESCE(NEW."durationMs", 0)::float8, (NEW."durationMs" IS NOT NULL)::int, (NEW."inputTokens" + NEW."outputTokens")::bigint
  ) d
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
    "runs" = s."runs" + EXCLUDED."runs", "qualitySum" = s."qualitySum" + EXCLUDED."qualitySum", "qualityCount" = s."qualityCount" + EXCLUDED."qualityCount",
    "ratingSum" = s."ratingSum" + EXCLUDED."ratingSum", "ratingCount" = s."ratingCount" + EXCLUDED."ratingCount",
    "durationSum" = s."durationSum" + EXCLUDED."durationSum", "durationCount" = s."durationCount" + EXCLUDED."durationCount", "tokens" = s."tokens" + EXCLUDED."tokens";
  RETURN NULL;
END;
$$;

-- Decisions (never updated): per statement, on their change set's version.
CREATE OR REPLACE FUNCTION "daily_stats_on_decision_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "confirmed", "rejected", "deferred")
  SELECT d."workspaceId", d."templateId", COALESCE(cs."templateVersionId", ''), d."decidedAt"::date,
    count(*) FILTER (WHERE d."verdict" = 'confirmed'), count(*) FILTER (WHERE d."verdict" = 'rejected'), count(*) FILTER (WHERE d."verdict" = 'deferred')
  FROM new_rows d
  LEFT JOIN "ChangeItem" ci ON ci."id" = d."changeItemId"
  LEFT JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
  GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
    "confirmed" = s."confirmed" + EXCLUDED."confirmed", "rejected" = s."rejected" + EXCLUDED."rejected", "deferred" = s."deferred" + EXCLUDED."deferred";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "WakeRun_daily_stats" AFTER INSERT ON "WakeRun"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_stats_on_run_insert"();
CREATE TRIGGER "WakeRun_daily_stats_update" AFTER UPDATE ON "WakeRun"
  FOR EACH ROW WHEN (
    OLD."startedAt" IS DISTINCT FROM NEW."startedAt" OR OLD."templateVersionId" IS DISTINCT FROM NEW."templateVersionId" OR OLD."templateId" IS DISTINCT FROM NEW."templateId"
    OR OLD."qualityScore" IS DISTINCT FROM NEW."qualityScore" OR OLD."userRating" IS DISTINCT FROM NEW."userRating" OR OLD."durationMs" IS DISTINCT FROM NEW."durationMs"
    OR OLD."inputTokens" IS DISTINCT FROM NEW."inputTokens" OR OLD."outputTokens" IS DISTINCT FROM NEW."outputTokens")
  EXECUTE FUNCTION "daily_stats_on_run_update"();
CREATE TRIGGER "ChangeDecision_daily_stats" AFTER INSERT ON "ChangeDecision"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_stats_on_decision_insert"();

-- Backfill. Existing change sets: the run's version, else the version created most recently at or
-- before the set (the head then, rollbacks aside), else the current head. Without restamping their
-- change counters (the change feed must not see a migration as a change).
ALTER TABLE "ChangeSet" DISABLE TRIGGER "ChangeSet_change_counter";
UPDATE "ChangeSet" s SET "templateVersionId" = COALESCE(
  (SELECT r."templateVersionId" FROM "WakeRun" r WHERE r."id" = s."wakeRunId"),
  (SELECT v."id" FROM "TemplateVersion" v WHERE v."templateId" = s."templateId" AND v."createdAt" <= s."createdAt" ORDER BY v."createdAt" DESC, v."number" DESC LIMIT 1),
  (SELECT t."headVersionId" FROM "AgentTemplate" t WHERE t."id" = s."templateId"));
ALTER TABLE "ChangeSet" ENABLE TRIGGER "ChangeSet_change_counter";

INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
SELECT "workspaceId", "templateId", "templateVersionId", "startedAt"::date, count(*), COALESCE(sum("qualityScore"::numeric), 0), count("qualityScore"),
  COALESCE(sum("userRating"::numeric), 0), count("userRating"), COALESCE(sum("durationMs"), 0), count("durationMs"), COALESCE(sum("inputTokens" + "outputTokens"), 0)
FROM "WakeRun" GROUP BY 1, 2, 3, 4;

INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "confirmed", "rejected", "deferred")
SELECT d."workspaceId", d."templateId", COALESCE(cs."templateVersionId", ''), d."decidedAt"::date,
  count(*) FILTER (WHERE d."verdict" = 'confirmed'), count(*) FILTER (WHERE d."verdict" = 'rejected'), count(*) FILTER (WHERE d."verdict" = 'deferred')
FROM "ChangeDecision" d
LEFT JOIN "ChangeItem" ci ON ci."id" = d."changeItemId"
LEFT JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
GROUP BY 1, 2, 3, 4
ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
  "confirmed" = s."confirmed" + EXCLUDED."confirmed", "rejected" = s."rejected" + EXCLUDED."rejected", "deferred" = s."deferred" + EXCLUDED."deferred";
