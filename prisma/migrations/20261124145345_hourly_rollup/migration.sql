-- CreateTable
CREATE TABLE "TemplateHourlyStats" (
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateVersionId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
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

    CONSTRAINT "TemplateHourlyStats_pkey" PRIMARY KEY ("templateId","hour","templateVersionId")
);

-- ---- Hand-written: the hourly rollup, kept by the daily rollup's triggers (src/features/dashboards/README.md) ----
-- Each trigger function now adds its contribution to both tables: the daily row, then the hourly
-- row, each statement in (template, period, version) order, so concurrent writers lock rollup rows
-- in one order.

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
  INSERT INTO "TemplateHourlyStats" AS s ("workspaceId", "templateId", "templateVersionId", "hour", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
  SELECT "workspaceId", "templateId", "templateVersionId", date_trunc('hour', "startedAt"), count(*), COALESCE(sum("qualityScore"::numeric), 0), count("qualityScore"),
    COALESCE(sum("userRating"::numeric), 0), count("userRating"), COALESCE(sum("durationMs"), 0), count("durationMs"), COALESCE(sum("inputTokens" + "outputTokens"), 0)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "hour", "templateVersionId") DO UPDATE SET
    "runs" = s."runs" + EXCLUDED."runs", "qualitySum" = s."qualitySum" + EXCLUDED."qualitySum", "qualityCount" = s."qualityCount" + EXCLUDED."qualityCount",
    "ratingSum" = s."ratingSum" + EXCLUDED."ratingSum", "ratingCount" = s."ratingCount" + EXCLUDED."ratingCount",
    "durationSum" = s."durationSum" + EXCLUDED."durationSum", "durationCount" = s."durationCount" + EXCLUDED."durationCount", "tokens" = s."tokens" + EXCLUDED."tokens";
  RETURN NULL;
END;
$$;

-- Two statements, the daily row first, then the hourly one: every writer (inserts, updates,
-- decisions) locks rollup rows in that one order, so two transactions never wait for each other in a
-- cycle. (A data-modifying CTE would run both inserts in an unspecified order.)
CREATE OR REPLACE FUNCTION "daily_stats_on_run_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
  SELECT w, t, v, "at"::date, sum(n), sum(qs), sum(qc), sum(rs), sum(rc), sum(ds), sum(dc), sum(tk)
  FROM (
    SELECT OLD."workspaceId" AS w, OLD."templateId" AS t, OLD."templateVersionId" AS v, OLD."startedAt" AS "at", -1 AS n,
      -COALESCE(OLD."qualityScore", 0)::numeric AS qs, -(OLD."qualityScore" IS NOT NULL)::int AS qc, -COALESCE(OLD."userRating", 0)::numeric AS rs, -(OLD."userRating" IS NOT NULL)::int AS rc,
      -COALESCE(OLD."durationMs", 0)::float8 AS ds, -(OLD."durationMs" IS NOT NULL)::int AS dc, -(OLD."inputTokens" + OLD."outputTokens")::bigint AS tk
    UNION ALL
    SELECT NEW."workspaceId", NEW."templateId", NEW."templateVersionId", NEW."startedAt", 1,
      COALESCE(NEW."qualityScore", 0)::numeric, (NEW."qualityScore" IS NOT NULL)::int, COALESCE(NEW."userRating", 0)::numeric, (NEW."userRating" IS NOT NULL)::int,
      COALESCE(NEW."durationMs", 0)::float8, (NEW."durationMs" IS NOT NULL)::int, (NEW."inputTokens" + NEW."outputTokens")::bigint
  ) d GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
    "runs" = s."runs" + EXCLUDED."runs", "qualitySum" = s."qualitySum" + EXCLUDED."qualitySum", "qualityCount" = s."qualityCount" + EXCLUDED."qualityCount",
    "ratingSum" = s."ratingSum" + EXCLUDED."ratingSum", "ratingCount" = s."ratingCount" + EXCLUDED."ratingCount",
    "durationSum" = s."durationSum" + EXCLUDED."durationSum", "durationCount" = s."durationCount" + EXCLUDED."durationCount", "tokens" = s."tokens" + EXCLUDED."tokens";
  INSERT INTO "TemplateHourlyStats" AS s ("workspaceId", "templateId", "templateVersionId", "hour", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
  SELECT w, t, v, date_trunc('hour', "at"), sum(n), sum(qs), sum(qc), sum(rs), sum(rc), sum(ds), sum(dc), sum(tk)
  FROM (
    SELECT OLD."workspaceId" AS w, OLD."templateId" AS t, OLD."templateVersionId" AS v, OLD."startedAt" AS "at", -1 AS n,
      -COALESCE(OLD."qualityScore", 0)::numeric AS qs, -(OLD."qualityScore" IS NOT NULL)::int AS qc, -COALESCE(OLD."userRating", 0)::numeric AS rs, -(OLD."userRating" IS NOT NULL)::int AS rc,
      -COALESCE(OLD."durationMs", 0)::float8 AS ds, -(OLD."durationMs" IS NOT NULL)::int AS dc, -(OLD."inputTokens" + OLD."outputTokens")::bigint AS tk
    UNION ALL
    SELECT NEW."workspaceId", NEW."templateId", NEW."templateVersionId", NEW."startedAt", 1,
      COALESCE(NEW."qualityScore", 0)::numeric, (NEW."qualityScore" IS NOT NULL)::int, COALESCE(NEW."userRating", 0)::numeric, (NEW."userRating" IS NOT NULL)::int,
      COALESCE(NEW."durationMs", 0)::float8, (NEW."durationMs" IS NOT NULL)::int, (NEW."inputTokens" + NEW."outputTokens")::bigint
  ) d GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "hour", "templateVersionId") DO UPDATE SET
    "runs" = s."runs" + EXCLUDED."runs", "qualitySum" = s."qualitySum" + EXCLUDED."qualitySum", "qualityCount" = s."qualityCount" + EXCLUDED."qualityCount",
    "ratingSum" = s."ratingSum" + EXCLUDED."ratingSum", "ratingCount" = s."ratingCount" + EXCLUDED."ratingCount",
    "durationSum" = s."durationSum" + EXCLUDED."durationSum", "durationCount" = s."durationCount" + EXCLUDED."durationCount", "tokens" = s."tokens" + EXCLUDED."tokens";
  RETURN NULL;
END;
$$;

-- Decisions (never updated): per statement, on their change set's version; daily, then hourly.
CREATE OR REPLACE FUNCTION "daily_stats_on_decision_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TemplateDailyStats" AS s ("workspaceId", "templateId", "templateVersionId", "day", "confirmed", "rejected", "deferred")
  SELECT w, t, v, "at"::date, count(*) FILTER (WHERE "verdict" = 'confirmed'), count(*) FILTER (WHERE "verdict" = 'rejected'), count(*) FILTER (WHERE "verdict" = 'deferred')
  FROM (
    SELECT nr."workspaceId" AS w, nr."templateId" AS t, COALESCE(cs."templateVersionId", '') AS v, nr."decidedAt" AS "at", nr."verdict"
    FROM new_rows nr
    LEFT JOIN "ChangeItem" ci ON ci."id" = nr."changeItemId"
    LEFT JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
  ) d GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "day", "templateVersionId") DO UPDATE SET
    "confirmed" = s."confirmed" + EXCLUDED."confirmed", "rejected" = s."rejected" + EXCLUDED."rejected", "deferred" = s."deferred" + EXCLUDED."deferred";
  INSERT INTO "TemplateHourlyStats" AS s ("workspaceId", "templateId", "templateVersionId", "hour", "confirmed", "rejected", "deferred")
  SELECT w, t, v, date_trunc('hour', "at"), count(*) FILTER (WHERE "verdict" = 'confirmed'), count(*) FILTER (WHERE "verdict" = 'rejected'), count(*) FILTER (WHERE "verdict" = 'deferred')
  FROM (
    SELECT nr."workspaceId" AS w, nr."templateId" AS t, COALESCE(cs."templateVersionId", '') AS v, nr."decidedAt" AS "at", nr."verdict"
    FROM new_rows nr
    LEFT JOIN "ChangeItem" ci ON ci."id" = nr."changeItemId"
    LEFT JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
  ) d GROUP BY 1, 2, 3, 4 ORDER BY 2, 4, 3
  ON CONFLICT ("templateId", "hour", "templateVersionId") DO UPDATE SET
    "confirmed" = s."confirmed" + EXCLUDED."confirmed", "rejected" = s."rejected" + EXCLUDED."rejected", "deferred" = s."deferred" + EXCLUDED."deferred";
  RETURN NULL;
END;
$$;

-- Backfill from the raw rows.
INSERT INTO "TemplateHourlyStats" ("workspaceId", "templateId", "templateVersionId", "hour", "runs", "qualitySum", "qualityCount", "ratingSum", "ratingCount", "durationSum", "durationCount", "tokens")
SELECT "workspaceId", "templateId", "templateVersionId", date_trunc('hour', "startedAt"), count(*), COALESCE(sum("qualityScore"::numeric), 0), count("qualityScore"),
  COALESCE(sum("userRating"::numeric), 0), count("userRating"), COALESCE(sum("durationMs"), 0), count("durationMs"), COALESCE(sum("inputTokens" + "outputTokens"), 0)
FROM "WakeRun" GROUP BY 1, 2, 3, 4;

INSERT INTO "TemplateHourlyStats" AS s ("workspaceId", "templateId", "templateVersionId", "hour", "confirmed", "rejected", "deferred")
SELECT d."workspaceId", d."templateId", COALESCE(cs."templateVersionId", ''), date_trunc('hour', d."decidedAt"),
  count(*) FILTER (WHERE d."verdict" = 'confirmed'), count(*) FILTER (WHERE d."verdict" = 'rejected'), count(*) FILTER (WHERE d."verdict" = 'deferred')
FROM "ChangeDecision" d
LEFT JOIN "ChangeItem" ci ON ci."id" = d."changeItemId"
LEFT JOIN "ChangeSet" cs ON cs."id" = ci."changeSetId"
GROUP BY 1, 2, 3, 4
ON CONFLICT ("templateId", "hour", "templateVersionId") DO UPDATE SET
  "confirmed" = s."confirmed" + EXCLUDED."confirmed", "rejected" = s."rejected" + EXCLUDED."rejected", "deferred" = s."deferred" + EXCLUDED."deferred";
