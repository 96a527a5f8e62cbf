-- Labels people can correct (feedback README: corrections): 'person' labels, their history, the workspace adaptations, and
-- FeedbackCountBlock kept on UPDATE of an item's sentiment (it was kept on INSERT / DELETE only).
-- AlterEnum
ALTER TYPE "ClassifiedBy" ADD VALUE 'person';

-- AlterTable
ALTER TABLE "ClassifiedFeedback" ADD COLUMN     "adaptationVersion" INTEGER,
ADD COLUMN     "personLabelled" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "FeedbackLabelCorrection" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "feedbackItemId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "sourceType" TEXT NOT NULL,
    "userId" TEXT,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "beforeSentiment" "Sentiment" NOT NULL,
    "beforeCategory" "FeedbackCategory" NOT NULL,
    "beforeConfidence" DOUBLE PRECISION NOT NULL,
    "beforeClassifiedBy" "ClassifiedBy" NOT NULL,
    "sentiment" "Sentiment" NOT NULL,
    "category" "FeedbackCategory" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackLabelCorrection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeedbackAdaptation" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "adaptation" JSONB NOT NULL,
    "corrections" INTEGER NOT NULL,
    "accuracy" DOUBLE PRECISION NOT NULL,
    "baseAccuracy" DOUBLE PRECISION NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "relabelled" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackAdaptation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FeedbackLabelCorrection_workspaceId_createdAt_idx" ON "FeedbackLabelCorrection"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "FeedbackLabelCorrection_feedbackItemId_createdAt_idx" ON "FeedbackLabelCorrection"("feedbackItemId", "createdAt");

-- CreateIndex
CREATE INDEX "FeedbackAdaptation_workspaceId_active_idx" ON "FeedbackAdaptation"("workspaceId", "active");

-- CreateIndex
CREATE UNIQUE INDEX "FeedbackAdaptation_workspaceId_version_key" ON "FeedbackAdaptation"("workspaceId", "version");

-- CreateIndex
CREATE INDEX "FeedbackItem_workspaceId_classifiedBy_confidence_idx" ON "FeedbackItem"("workspaceId", "classifiedBy", "confidence");

-- AddForeignKey
ALTER TABLE "FeedbackLabelCorrection" ADD CONSTRAINT "FeedbackLabelCorrection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ---- Hand-written: FeedbackCountBlock on UPDATE (a corrected sentiment moves its count), like feedback_daily_counts_on_update ----
CREATE OR REPLACE FUNCTION "feedback_count_blocks_on_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackCountBlock" AS b ("templateId", "workspaceId", "block", "sourceType", "sentiment", "items", "maxCounter")
  SELECT "templateId", min("workspaceId"), block, "sourceType", "sentiment", sum(n), max(counter)
  FROM (
    SELECT "templateId", "workspaceId", "sourceCounter" >> 16 AS block, "sourceType", "sentiment", -1 AS n, 0::bigint AS counter FROM old_rows
    UNION ALL
    SELECT "templateId", "workspaceId", "sourceCounter" >> 16, "sourceType", "sentiment", 1, "sourceCounter" FROM new_rows
  ) d
  GROUP BY "templateId", block, "sourceType", "sentiment" HAVING sum(n) <> 0 ORDER BY 1, 3, 4, 5
  ON CONFLICT ("templateId", "block", "sourceType", "sentiment") DO UPDATE SET
    "items" = b."items" + EXCLUDED."items", "maxCounter" = GREATEST(b."maxCounter", EXCLUDED."maxCounter");
  RETURN NULL;
END;
$$;

CREATE TRIGGER "FeedbackItem_count_blocks_update" AFTER UPDATE ON "FeedbackItem"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_count_blocks_on_update"();
