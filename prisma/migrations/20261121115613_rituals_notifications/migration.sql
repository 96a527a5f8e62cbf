-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EvolutionSessionStatus" ADD VALUE 'preparing';
ALTER TYPE "EvolutionSessionStatus" ADD VALUE 'analyzing';
ALTER TYPE "EvolutionSessionStatus" ADD VALUE 'proposing';
ALTER TYPE "EvolutionSessionStatus" ADD VALUE 'skipped';

-- AlterTable
ALTER TABLE "AgentTemplate" ADD COLUMN     "ritualHour" INTEGER,
ADD COLUMN     "ritualTimezone" TEXT,
ADD COLUMN     "ritualWeekday" INTEGER;

-- AlterTable
ALTER TABLE "EvolutionSession" ADD COLUMN     "decisionDueAt" TIMESTAMP(3),
ADD COLUMN     "improverAgentId" TEXT,
ADD COLUMN     "outcomeNote" TEXT,
ADD COLUMN     "reminderSentAt" TIMESTAMP(3),
ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "summaryReportId" TEXT;

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "emailNotifications" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "ritualHour" INTEGER NOT NULL DEFAULT 9,
ADD COLUMN     "ritualTimezone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "ritualWeekday" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "link" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "readAt" TIMESTAMP(3),
    "emailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notification_userId_workspaceId_createdAt_idx" ON "Notification"("userId", "workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_userId_dedupeKey_key" ON "Notification"("userId", "dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_kind_targetTemplateId_key" ON "Agent"("kind", "targetTemplateId");

-- CreateIndex
CREATE INDEX "EvolutionSession_status_decisionDueAt_idx" ON "EvolutionSession"("status", "decisionDueAt");

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_targetTemplateId_fkey" FOREIGN KEY ("targetTemplateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
