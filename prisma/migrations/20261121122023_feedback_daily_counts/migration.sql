-- CreateTable
CREATE TABLE "FeedbackDailyCount" (
    "templateId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "category" "FeedbackCategory" NOT NULL,
    "sentiment" "Sentiment" NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FeedbackDailyCount_pkey" PRIMARY KEY ("templateId","day","category","sentiment")
);

-- CreateIndex
CREATE INDEX "FeedbackItem_templateId_category_sentiment_occurredAt_agent_idx" ON "FeedbackItem"("templateId", "category", "sentiment", "occurredAt", "agentId");

-- ---- Hand-written: daily counts per category × sentiment, kept by FeedbackItem's own triggers (src/features/feedback/README.md) ----
-- Per statement (transition tables): one grouped upsert per INSERT, sorted by key (a fixed lock
-- order for concurrent writers); a DELETE subtracts; an UPDATE (no app path does one) moves the
-- old rows' contribution to the new rows'. Day = the UTC day of occurredAt (stored without zone).
CREATE OR REPLACE FUNCTION "feedback_daily_counts_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackDailyCount" AS c ("templateId", "day", "category", "sentiment", "workspaceId", "items")
  SELECT "templateId", "occurredAt"::date, "category", "sentiment", "workspaceId", count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("templateId", "day", "category", "sentiment") DO UPDATE SET "items" = c."items" + EXCLUDED."items";
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "feedback_daily_counts_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "FeedbackDailyCount" c SET "items" = c."items" - d.n
  FROM (SELECT "templateId", "occurredAt"::date AS day, "category", "sentiment", count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) d
  WHERE c."templateId" = d."templateId" AND c."day" = d.day AND c."category" = d."category" AND c."sentiment" = d."sentiment";
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "feedback_daily_counts_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackDailyCount" AS c ("templateId", "day", "category", "sentiment", "workspaceId", "items")
  SELECT "templateId", day, "category", "sentiment", min("workspaceId"), sum(n)
  FROM (
    SELECT "templateId", "occurredAt"::date AS day, "category", "sentiment", "workspaceId", -1 AS n FROM old_rows
    UNION ALL
    SELECT "templateId", "occurredAt"::date, "category", "sentiment", "workspaceId", 1 FROM new_rows
  ) d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("templateId", "day", "category", "sentiment") DO UPDATE SET "items" = c."items" + EXCLUDED."items";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "FeedbackItem_daily_counts" AFTER INSERT ON "FeedbackItem"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_daily_counts_on_insert"();
CREATE TRIGGER "FeedbackItem_daily_counts_delete" AFTER DELETE ON "FeedbackItem"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_daily_counts_on_delete"();
CREATE TRIGGER "FeedbackItem_daily_counts_update" AFTER UPDATE ON "FeedbackItem"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_daily_counts_on_update"();

-- Backfill from the items already there.
INSERT INTO "FeedbackDailyCount" ("templateId", "day", "category", "sentiment", "workspaceId", "items")
SELECT "templateId", "occurredAt"::date, "category", "sentiment", "workspaceId", count(*)
FROM "FeedbackItem" GROUP BY 1, 2, 3, 4, 5;
