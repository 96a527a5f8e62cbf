-- The home-made job runner (table "Job") gives way to the local executor, which runs the Inngest
-- functions themselves: its runs live in "FunctionRun", its queue in pg-boss's own schema.
-- CreateEnum
CREATE TYPE "FunctionRunStatus" AS ENUM ('debouncing', 'queued', 'running', 'waiting', 'completed', 'failed');

-- CreateTable
CREATE TABLE "FunctionRun" (
    "id" TEXT NOT NULL,
    "functionId" TEXT NOT NULL,
    "concurrencyKey" TEXT,
    "debounceKey" TEXT,
    "throttleKey" TEXT,
    "event" JSONB NOT NULL,
    "eventIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "FunctionRunStatus" NOT NULL,
    "steps" JSONB NOT NULL DEFAULT '{}',
    "stepOrder" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "availableAt" TIMESTAMP(3) NOT NULL,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "waitFor" JSONB,
    "waitEvent" TEXT,
    "output" JSONB,
    "error" TEXT,
    "firstTriggerAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FunctionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FunctionRun_status_availableAt_idx" ON "FunctionRun"("status", "availableAt");

-- CreateIndex
CREATE INDEX "FunctionRun_functionId_concurrencyKey_status_availableAt_idx" ON "FunctionRun"("functionId", "concurrencyKey", "status", "availableAt");

-- CreateIndex
CREATE INDEX "FunctionRun_functionId_debounceKey_status_idx" ON "FunctionRun"("functionId", "debounceKey", "status");

-- CreateIndex
CREATE INDEX "FunctionRun_functionId_throttleKey_availableAt_idx" ON "FunctionRun"("functionId", "throttleKey", "availableAt");

-- CreateIndex
CREATE INDEX "FunctionRun_waitEvent_status_idx" ON "FunctionRun"("waitEvent", "status");

-- Work still queued in the old runner becomes queued runs of the same functions. A pending
-- decision job becomes a ritual wake with reason "resume": that run adopts the open session.
INSERT INTO "FunctionRun" ("id", "functionId", "concurrencyKey", "throttleKey", "event", "eventIds", "status", "availableAt", "updatedAt")
SELECT
  'migrated-' || j."id",
  CASE WHEN j."name" = 'ritual-decision' THEN 'improver-ritual' ELSE j."name" END,
  CASE WHEN j."name" = 'task-agent-wake' THEN j."payload"->>'agentId' ELSE j."payload"->>'improverAgentId' END,
  CASE WHEN j."name" = 'task-agent-wake' THEN j."payload"->>'agentId' ELSE NULL END,
  jsonb_build_object(
    'id', 'migrated-' || j."id",
    'name', CASE WHEN j."name" = 'task-agent-wake' THEN 'agent/wake.requested' ELSE 'ritual/wake.requested' END,
    'data', CASE
      WHEN j."name" = 'ritual-decision' THEN jsonb_build_object('workspaceId', j."payload"->>'workspaceId', 'improverAgentId', j."payload"->>'improverAgentId', 'reason', 'resume')
      ELSE j."payload" END,
    'ts', (extract(epoch FROM j."createdAt") * 1000)::bigint),
  ARRAY['migrated-' || j."id"],
  'queued',
  LEAST(j."runAt", now()),
  now()
FROM "Job" j
WHERE j."status" IN ('pending', 'running') AND j."name" IN ('task-agent-wake', 'improver-ritual', 'ritual-decision');

-- DropTable
DROP TABLE "Job";

-- DropEnum
DROP TYPE "JobStatus";
