-- CreateEnum
CREATE TYPE "ReplayGuardMode" AS ENUM ('advisory', 'guard');

-- CreateEnum
CREATE TYPE "ReplayCheckStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "Proposal" ADD COLUMN     "replayOverrideReason" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "replayGuard" "ReplayGuardMode" NOT NULL DEFAULT 'advisory';

-- CreateTable
CREATE TABLE "ReplayCheck" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "proposalId" TEXT NOT NULL,
    "status" "ReplayCheckStatus" NOT NULL DEFAULT 'queued',
    "sampled" INTEGER NOT NULL DEFAULT 0,
    "replayed" INTEGER NOT NULL DEFAULT 0,
    "summary" JSONB,
    "runs" JSONB,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ReplayCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReplayCheck_proposalId_key" ON "ReplayCheck"("proposalId");

-- CreateIndex
CREATE INDEX "ReplayCheck_workspaceId_createdAt_idx" ON "ReplayCheck"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "ReplayCheck" ADD CONSTRAINT "ReplayCheck_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "Proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
