-- CreateTable
CREATE TABLE "FeedbackCountBlock" (
    "templateId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "block" BIGINT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "sentiment" "Sentiment" NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,
    "maxCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "FeedbackCountBlock_pkey" PRIMARY KEY ("templateId","block","sourceType","sentiment")
);

-- ---- Hand-written: counts per counter block, kept by FeedbackItem's own triggers (src/features/feedback/README.md) ----
-- Per statement (transition tables): one grouped upsert per INSERT, sorted by key; a DELETE subtracts.
CREATE OR REPLACE FUNCTION "feedback_count_blocks_on_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackCountBlock" AS b ("templateId", "workspaceId", "block", "sourceType", "sentiment", "items", "maxCounter")
  SELECT "templateId", "workspaceId", "sourceCounter" >> 16, "sourceType", "sentiment", count(*), max("sourceCounter")
  FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 4, 5
  ON CONFLICT ("templateId", "block", "sourceType", "sentiment") DO UPDATE SET
    "items" = b."items" + EXCLUDED."items", "maxCounter" = GREATEST(b."maxCounter", EXCLUDED."maxCounter");
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "feedback_count_blocks_on_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "FeedbackCountBlock" b SET "items" = b."items" - d.n
  FROM (SELECT "templateId", "sourceCounter" >> 16 AS block, "sourceType", "sentiment", count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) d
  WHERE b."templateId" = d."templateId" AND b."block" = d.block AND b."sourceType" = d."sourceType" AND b."sentiment" = d."sentiment";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "FeedbackItem_count_blocks" AFTER INSERT ON "FeedbackItem"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_count_blocks_on_insert"();
CREATE TRIGGER "FeedbackItem_count_blocks_delete" AFTER DELETE ON "FeedbackItem"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_count_blocks_on_delete"();

-- Backfill from the items already there.
INSERT INTO "FeedbackCountBlock" ("templateId", "workspaceId", "block", "sourceType", "sentiment", "items", "maxCounter")
SELECT "templateId", "workspaceId", "sourceCounter" >> 16, "sourceType", "sentiment", count(*), max("sourceCounter")
FROM "FeedbackItem" GROUP BY 1, 2, 3, 4, 5;
