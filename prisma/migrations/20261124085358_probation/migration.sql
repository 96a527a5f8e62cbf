-- CreateEnum
CREATE TYPE "ProbationArm" AS ENUM ('candidate', 'baseline');

-- CreateEnum
CREATE TYPE "ProbationStatus" AS ENUM ('running', 'graduated', 'harm_detected', 'rolled_back', 'promoted', 'superseded');

-- AlterTable
ALTER TABLE "AgentTemplate" ADD COLUMN     "probationDays" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "probationMinRuns" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "probationShare" DOUBLE PRECISION NOT NULL DEFAULT 0.2;

-- AlterTable
ALTER TABLE "WakeRun" ADD COLUMN     "arm" "ProbationArm",
ADD COLUMN     "probationId" TEXT;

-- CreateTable
CREATE TABLE "Probation" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "baselineVersionId" TEXT NOT NULL,
    "share" DOUBLE PRECISION NOT NULL,
    "minDays" INTEGER NOT NULL,
    "minRuns" INTEGER NOT NULL,
    "status" "ProbationStatus" NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),
    "endedById" TEXT,
    "outcomeNote" TEXT,
    "effects" JSONB,
    "measuredAt" TIMESTAMP(3),
    "harmDetectedAt" TIMESTAMP(3),
    "rollbackProposalId" TEXT,

    CONSTRAINT "Probation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Probation_versionId_key" ON "Probation"("versionId");

-- CreateIndex
CREATE UNIQUE INDEX "Probation_rollbackProposalId_key" ON "Probation"("rollbackProposalId");

-- CreateIndex
CREATE INDEX "Probation_workspaceId_status_idx" ON "Probation"("workspaceId", "status");

-- CreateIndex
CREATE INDEX "Probation_templateId_startedAt_idx" ON "Probation"("templateId", "startedAt");

-- CreateIndex
CREATE INDEX "ChangeItem_changeSetId_status_idx" ON "ChangeItem"("changeSetId", "status");

-- CreateIndex
CREATE INDEX "ChangeSet_wakeRunId_idx" ON "ChangeSet"("wakeRunId");

-- CreateIndex
CREATE INDEX "WakeRun_probationId_arm_idx" ON "WakeRun"("probationId", "arm");

-- AddForeignKey
ALTER TABLE "WakeRun" ADD CONSTRAINT "WakeRun_probationId_fkey" FOREIGN KEY ("probationId") REFERENCES "Probation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probation" ADD CONSTRAINT "Probation_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probation" ADD CONSTRAINT "Probation_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "TemplateVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probation" ADD CONSTRAINT "Probation_baselineVersionId_fkey" FOREIGN KEY ("baselineVersionId") REFERENCES "TemplateVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probation" ADD CONSTRAINT "Probation_endedById_fkey" FOREIGN KEY ("endedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
