-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "dataVersion" INTEGER NOT NULL DEFAULT 0;
