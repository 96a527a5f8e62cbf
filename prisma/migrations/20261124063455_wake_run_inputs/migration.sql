-- AlterTable
ALTER TABLE "WakeRun" ADD COLUMN     "inputs" JSONB;
