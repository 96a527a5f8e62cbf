-- CreateEnum
CREATE TYPE "PreferenceConflictStatus" AS ENUM ('open', 'settled', 'dismissed');

-- CreateEnum
CREATE TYPE "PreferenceRuling" AS ENUM ('confirm', 'reject', 'custom');

-- AlterTable
ALTER TABLE "Proposal" ADD COLUMN     "reversalReason" TEXT;

-- CreateTable
CREATE TABLE "PreferenceConflict" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "pairKey" TEXT NOT NULL,
    "reviewers" JSONB NOT NULL,
    "pValue" DOUBLE PRECISION NOT NULL,
    "windowDays" INTEGER NOT NULL,
    "status" "PreferenceConflictStatus" NOT NULL DEFAULT 'open',
    "ruling" "PreferenceRuling",
    "decision" TEXT,
    "settledById" TEXT,
    "settledAt" TIMESTAMP(3),
    "raisedInSessionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PreferenceConflict_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PreferenceConflict_workspaceId_templateId_status_idx" ON "PreferenceConflict"("workspaceId", "templateId", "status");

-- CreateIndex
CREATE INDEX "PreferenceConflict_templateId_tool_pairKey_idx" ON "PreferenceConflict"("templateId", "tool", "pairKey");

-- AddForeignKey
ALTER TABLE "PreferenceConflict" ADD CONSTRAINT "PreferenceConflict_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreferenceConflict" ADD CONSTRAINT "PreferenceConflict_settledById_fkey" FOREIGN KEY ("settledById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreferenceConflict" ADD CONSTRAINT "PreferenceConflict_raisedInSessionId_fkey" FOREIGN KEY ("raisedInSessionId") REFERENCES "EvolutionSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;
