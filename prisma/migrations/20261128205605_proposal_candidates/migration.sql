-- AlterTable
ALTER TABLE "Proposal" ADD COLUMN     "candidates" JSONB;
