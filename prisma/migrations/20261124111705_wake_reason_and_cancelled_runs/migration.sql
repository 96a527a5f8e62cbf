-- AlterEnum
ALTER TYPE "FunctionRunStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "AgentState" ADD COLUMN     "pendingWakeReason" "WakeReason";
