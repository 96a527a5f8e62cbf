-- AlterTable
ALTER TABLE "WakeRun" ADD COLUMN     "externalId" TEXT;

-- CreateTable
CREATE TABLE "OtlpModelCall" (
    "workspaceId" TEXT NOT NULL,
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "parentSpanId" TEXT,
    "model" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "runId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OtlpModelCall_pkey" PRIMARY KEY ("workspaceId","traceId","spanId")
);

-- CreateIndex
CREATE INDEX "OtlpModelCall_createdAt_idx" ON "OtlpModelCall"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WakeRun_workspaceId_externalId_key" ON "WakeRun"("workspaceId", "externalId");
