-- AlterTable
ALTER TABLE "AgentTemplate" ADD COLUMN     "replaySecret" TEXT,
ADD COLUMN     "replayUrl" TEXT,
ADD COLUMN     "runsExternally" BOOLEAN NOT NULL DEFAULT false;
