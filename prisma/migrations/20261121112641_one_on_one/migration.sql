-- CreateEnum
CREATE TYPE "EvolutionSessionStatus" AS ENUM ('active', 'awaiting_review', 'completed', 'abandoned');

-- CreateEnum
CREATE TYPE "SessionOrigin" AS ENUM ('interactive', 'ritual');

-- CreateEnum
CREATE TYPE "EvolutionNoteKind" AS ENUM ('reflection', 'hypothesis', 'decision', 'pattern');

-- CreateEnum
CREATE TYPE "ProposalStatus" AS ENUM ('draft', 'pending', 'approved', 'rejected', 'superseded');

-- CreateEnum
CREATE TYPE "ChatRole" AS ENUM ('system', 'user', 'assistant');

-- CreateTable
CREATE TABLE "EvolutionSession" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "sessionNumber" INTEGER NOT NULL,
    "status" "EvolutionSessionStatus" NOT NULL DEFAULT 'active',
    "origin" "SessionOrigin" NOT NULL DEFAULT 'interactive',
    "startedById" TEXT,
    "sinceCounter" BIGINT NOT NULL DEFAULT 0,
    "coveredUntilCounter" BIGINT NOT NULL DEFAULT 0,
    "lastAcknowledgedCounter" BIGINT,
    "classifiedFeedbackId" TEXT,
    "feedbackSummary" JSONB,
    "userRating" DOUBLE PRECISION,
    "approvedMutations" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "EvolutionSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvolutionMessage" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "role" "ChatRole" NOT NULL,
    "parts" JSONB NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "authorUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvolutionMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvolutionNote" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "kind" "EvolutionNoteKind" NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED,

    CONSTRAINT "EvolutionNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Proposal" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "directives" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "status" "ProposalStatus" NOT NULL,
    "baseVersionId" TEXT,
    "resultingVersionId" TEXT,
    "rejectionReason" TEXT,
    "userRating" DOUBLE PRECISION,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Proposal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EvolutionSession_workspaceId_templateId_status_idx" ON "EvolutionSession"("workspaceId", "templateId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "EvolutionSession_templateId_sessionNumber_key" ON "EvolutionSession"("templateId", "sessionNumber");

-- CreateIndex
CREATE INDEX "EvolutionMessage_sessionId_createdAt_idx" ON "EvolutionMessage"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "EvolutionNote_search_idx" ON "EvolutionNote" USING GIN ("search");

-- CreateIndex
CREATE INDEX "EvolutionNote_templateId_createdAt_idx" ON "EvolutionNote"("templateId", "createdAt");

-- CreateIndex
CREATE INDEX "EvolutionNote_sessionId_createdAt_idx" ON "EvolutionNote"("sessionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Proposal_resultingVersionId_key" ON "Proposal"("resultingVersionId");

-- CreateIndex
CREATE INDEX "Proposal_sessionId_createdAt_idx" ON "Proposal"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "Proposal_templateId_status_idx" ON "Proposal"("templateId", "status");

-- AddForeignKey
ALTER TABLE "EvolutionSession" ADD CONSTRAINT "EvolutionSession_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvolutionSession" ADD CONSTRAINT "EvolutionSession_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvolutionMessage" ADD CONSTRAINT "EvolutionMessage_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "EvolutionSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvolutionMessage" ADD CONSTRAINT "EvolutionMessage_authorUserId_fkey" FOREIGN KEY ("authorUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvolutionNote" ADD CONSTRAINT "EvolutionNote_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "EvolutionSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "EvolutionSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_baseVersionId_fkey" FOREIGN KEY ("baseVersionId") REFERENCES "TemplateVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_resultingVersionId_fkey" FOREIGN KEY ("resultingVersionId") REFERENCES "TemplateVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
