-- CreateEnum
CREATE TYPE "HypothesisMetric" AS ENUM ('acceptance', 'rating', 'quality', 'timeToDone', 'tokens', 'negativeFeedback');

-- CreateEnum
CREATE TYPE "HypothesisDirection" AS ENUM ('increase', 'decrease');

-- CreateEnum
CREATE TYPE "HypothesisOutcome" AS ENUM ('open', 'confirmed', 'refuted', 'inconclusive');

-- CreateTable
CREATE TABLE "Hypothesis" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "noteId" TEXT NOT NULL,
    "metric" "HypothesisMetric" NOT NULL,
    "tool" TEXT,
    "category" "FeedbackCategory",
    "direction" "HypothesisDirection" NOT NULL,
    "size" DOUBLE PRECISION NOT NULL,
    "probability" DOUBLE PRECISION NOT NULL,
    "checkAt" TIMESTAMP(3) NOT NULL,
    "outcome" "HypothesisOutcome" NOT NULL DEFAULT 'open',
    "figures" JSONB,
    "gradedAt" TIMESTAMP(3),
    "gradedInSessionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Hypothesis_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Hypothesis_noteId_key" ON "Hypothesis"("noteId");

-- CreateIndex
CREATE INDEX "Hypothesis_templateId_outcome_checkAt_idx" ON "Hypothesis"("templateId", "outcome", "checkAt");

-- CreateIndex
CREATE INDEX "Hypothesis_workspaceId_templateId_createdAt_idx" ON "Hypothesis"("workspaceId", "templateId", "createdAt");

-- AddForeignKey
ALTER TABLE "Hypothesis" ADD CONSTRAINT "Hypothesis_noteId_fkey" FOREIGN KEY ("noteId") REFERENCES "EvolutionNote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hypothesis" ADD CONSTRAINT "Hypothesis_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;
