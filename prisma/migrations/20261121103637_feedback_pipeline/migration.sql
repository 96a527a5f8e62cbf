-- CreateEnum
CREATE TYPE "Sentiment" AS ENUM ('positive', 'negative', 'neutral');

-- CreateEnum
CREATE TYPE "FeedbackCategory" AS ENUM ('accuracy', 'communication', 'prioritization', 'tooling', 'timeliness', 'general');

-- CreateEnum
CREATE TYPE "ClassifiedBy" AS ENUM ('rule', 'model');

-- CreateTable
CREATE TABLE "FeedbackItem" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "agentId" TEXT,
    "sourceType" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "sentiment" "Sentiment" NOT NULL,
    "category" "FeedbackCategory" NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "classifiedBy" "ClassifiedBy" NOT NULL,
    "detail" TEXT NOT NULL,
    "sourceCounter" BIGINT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClassifiedFeedback" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3),
    "windowEnd" TIMESTAMP(3) NOT NULL,
    "sinceCounter" BIGINT NOT NULL,
    "untilCounter" BIGINT NOT NULL,
    "itemCount" INTEGER NOT NULL,
    "positive" INTEGER NOT NULL,
    "negative" INTEGER NOT NULL,
    "neutral" INTEGER NOT NULL,
    "byCategory" JSONB NOT NULL,
    "patterns" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClassifiedFeedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FeedbackItem_templateId_occurredAt_idx" ON "FeedbackItem"("templateId", "occurredAt");

-- CreateIndex
CREATE INDEX "FeedbackItem_templateId_sourceCounter_idx" ON "FeedbackItem"("templateId", "sourceCounter");

-- CreateIndex
CREATE INDEX "FeedbackItem_workspaceId_templateId_sentiment_category_idx" ON "FeedbackItem"("workspaceId", "templateId", "sentiment", "category");

-- CreateIndex
CREATE UNIQUE INDEX "FeedbackItem_sourceType_sourceId_key" ON "FeedbackItem"("sourceType", "sourceId");

-- CreateIndex
CREATE INDEX "ClassifiedFeedback_templateId_createdAt_idx" ON "ClassifiedFeedback"("templateId", "createdAt");
