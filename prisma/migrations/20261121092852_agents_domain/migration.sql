-- CreateEnum
CREATE TYPE "TemplateKind" AS ENUM ('taskAgent', 'templateImprover', 'metaImprover');

-- CreateEnum
CREATE TYPE "AuthoredBy" AS ENUM ('system', 'user', 'agent');

-- CreateEnum
CREATE TYPE "AgentLifecycle" AS ENUM ('created', 'active', 'dormant', 'destroyed');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('open', 'in_progress', 'done');

-- CreateEnum
CREATE TYPE "WakeReason" AS ENUM ('subscription', 'creation', 'reanalysis', 'scheduled', 'manual');

-- CreateEnum
CREATE TYPE "WakeRunStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "MessageKind" AS ENUM ('observation', 'report', 'user', 'assistant', 'tool', 'system');

-- CreateEnum
CREATE TYPE "ChangeItemStatus" AS ENUM ('pending', 'confirmed', 'rejected', 'deferred');

-- CreateEnum
CREATE TYPE "Verdict" AS ENUM ('confirmed', 'rejected', 'deferred');

-- CreateTable
CREATE TABLE "AgentTemplate" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "kind" "TemplateKind" NOT NULL DEFAULT 'taskAgent',
    "level" INTEGER NOT NULL DEFAULT 0,
    "modelId" TEXT NOT NULL DEFAULT 'default',
    "refineConfig" JSONB NOT NULL DEFAULT '{}',
    "headVersionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AgentTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TemplateVersion" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "directives" TEXT NOT NULL,
    "authoredBy" "AuthoredBy" NOT NULL,
    "authorUserId" TEXT,
    "rationale" TEXT,
    "parentVersionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "TemplateVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "kind" "TemplateKind" NOT NULL DEFAULT 'taskAgent',
    "displayName" TEXT NOT NULL,
    "lifecycle" "AgentLifecycle" NOT NULL DEFAULT 'active',
    "templateId" TEXT NOT NULL,
    "taskId" TEXT,
    "targetTemplateId" TEXT,
    "externalId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentState" (
    "agentId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "slots" JSONB NOT NULL DEFAULT '{}',
    "revision" INTEGER NOT NULL DEFAULT 0,
    "lastWakeAt" TIMESTAMP(3),
    "scheduledWakeAt" TIMESTAMP(3),
    "sleepUntil" TIMESTAMP(3),
    "wakeCounter" INTEGER NOT NULL DEFAULT 0,
    "consecutiveFailureCount" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgentState_pkey" PRIMARY KEY ("agentId")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "TaskStatus" NOT NULL DEFAULT 'open',
    "checklist" JSONB NOT NULL DEFAULT '[]',
    "estimateMinutes" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WakeRun" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateVersionId" TEXT NOT NULL,
    "reason" "WakeReason" NOT NULL,
    "status" "WakeRunStatus" NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "userRating" DOUBLE PRECISION,
    "ratedAt" TIMESTAMP(3),
    "ratedById" TEXT,
    "qualityScore" DOUBLE PRECISION,
    "iterations" INTEGER,
    "error" TEXT,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "WakeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefineIteration" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "wakeRunId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "gateScores" JSONB NOT NULL DEFAULT '[]',
    "feedback" TEXT NOT NULL DEFAULT '',
    "output" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefineIteration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentMessage" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "kind" "MessageKind" NOT NULL,
    "text" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "wakeRunId" TEXT,
    "threadId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED,

    CONSTRAINT "AgentMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentReport" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "wakeRunId" TEXT,
    "scope" TEXT NOT NULL DEFAULT 'current',
    "markdown" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, markdown)) STORED,

    CONSTRAINT "AgentReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeSet" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "taskId" TEXT,
    "wakeRunId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ChangeSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeItem" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "changeSetId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "args" JSONB NOT NULL DEFAULT '{}',
    "summary" TEXT NOT NULL,
    "status" "ChangeItemStatus" NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ChangeItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeDecision" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "changeItemId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "reason" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changeCounter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ChangeDecision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiRateWindow" (
    "apiKeyId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiRateWindow_pkey" PRIMARY KEY ("apiKeyId","windowStart")
);

-- CreateIndex
CREATE UNIQUE INDEX "AgentTemplate_headVersionId_key" ON "AgentTemplate"("headVersionId");

-- CreateIndex
CREATE INDEX "AgentTemplate_workspaceId_changeCounter_idx" ON "AgentTemplate"("workspaceId", "changeCounter");

-- CreateIndex
CREATE UNIQUE INDEX "AgentTemplate_workspaceId_name_key" ON "AgentTemplate"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "TemplateVersion_workspaceId_changeCounter_idx" ON "TemplateVersion"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "TemplateVersion_templateId_changeCounter_idx" ON "TemplateVersion"("templateId", "changeCounter");

-- CreateIndex
CREATE UNIQUE INDEX "TemplateVersion_templateId_number_key" ON "TemplateVersion"("templateId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_taskId_key" ON "Agent"("taskId");

-- CreateIndex
CREATE INDEX "Agent_workspaceId_createdAt_idx" ON "Agent"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Agent_templateId_createdAt_idx" ON "Agent"("templateId", "createdAt");

-- CreateIndex
CREATE INDEX "Agent_workspaceId_changeCounter_idx" ON "Agent"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "Agent_templateId_changeCounter_idx" ON "Agent"("templateId", "changeCounter");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_workspaceId_externalId_key" ON "Agent"("workspaceId", "externalId");

-- CreateIndex
CREATE INDEX "AgentState_scheduledWakeAt_idx" ON "AgentState"("scheduledWakeAt");

-- CreateIndex
CREATE INDEX "Task_workspaceId_status_createdAt_idx" ON "Task"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Task_workspaceId_changeCounter_idx" ON "Task"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "WakeRun_agentId_startedAt_idx" ON "WakeRun"("agentId", "startedAt");

-- CreateIndex
CREATE INDEX "WakeRun_templateId_startedAt_idx" ON "WakeRun"("templateId", "startedAt");

-- CreateIndex
CREATE INDEX "WakeRun_workspaceId_startedAt_idx" ON "WakeRun"("workspaceId", "startedAt");

-- CreateIndex
CREATE INDEX "WakeRun_workspaceId_changeCounter_idx" ON "WakeRun"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "WakeRun_templateId_changeCounter_idx" ON "WakeRun"("templateId", "changeCounter");

-- CreateIndex
CREATE UNIQUE INDEX "RefineIteration_wakeRunId_index_key" ON "RefineIteration"("wakeRunId", "index");

-- CreateIndex
CREATE INDEX "AgentMessage_search_idx" ON "AgentMessage" USING GIN ("search");

-- CreateIndex
CREATE INDEX "AgentMessage_workspaceId_kind_createdAt_idx" ON "AgentMessage"("workspaceId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "AgentMessage_agentId_createdAt_idx" ON "AgentMessage"("agentId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentMessage_templateId_kind_createdAt_idx" ON "AgentMessage"("templateId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "AgentMessage_workspaceId_changeCounter_idx" ON "AgentMessage"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "AgentMessage_templateId_changeCounter_idx" ON "AgentMessage"("templateId", "changeCounter");

-- CreateIndex
CREATE INDEX "AgentReport_search_idx" ON "AgentReport" USING GIN ("search");

-- CreateIndex
CREATE INDEX "AgentReport_workspaceId_createdAt_idx" ON "AgentReport"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentReport_agentId_createdAt_idx" ON "AgentReport"("agentId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentReport_templateId_createdAt_idx" ON "AgentReport"("templateId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentReport_workspaceId_changeCounter_idx" ON "AgentReport"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "AgentReport_templateId_changeCounter_idx" ON "AgentReport"("templateId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeSet_workspaceId_createdAt_idx" ON "ChangeSet"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "ChangeSet_workspaceId_changeCounter_idx" ON "ChangeSet"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeSet_templateId_changeCounter_idx" ON "ChangeSet"("templateId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeItem_workspaceId_status_createdAt_idx" ON "ChangeItem"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ChangeItem_workspaceId_changeCounter_idx" ON "ChangeItem"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeItem_templateId_changeCounter_idx" ON "ChangeItem"("templateId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeDecision_changeItemId_decidedAt_idx" ON "ChangeDecision"("changeItemId", "decidedAt");

-- CreateIndex
CREATE INDEX "ChangeDecision_templateId_decidedAt_idx" ON "ChangeDecision"("templateId", "decidedAt");

-- CreateIndex
CREATE INDEX "ChangeDecision_workspaceId_changeCounter_idx" ON "ChangeDecision"("workspaceId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeDecision_templateId_changeCounter_idx" ON "ChangeDecision"("templateId", "changeCounter");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_workspaceId_createdAt_idx" ON "ApiKey"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_apiKeyId_key_key" ON "IdempotencyRecord"("apiKeyId", "key");

-- AddForeignKey
ALTER TABLE "AgentTemplate" ADD CONSTRAINT "AgentTemplate_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentTemplate" ADD CONSTRAINT "AgentTemplate_headVersionId_fkey" FOREIGN KEY ("headVersionId") REFERENCES "TemplateVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateVersion" ADD CONSTRAINT "TemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateVersion" ADD CONSTRAINT "TemplateVersion_authorUserId_fkey" FOREIGN KEY ("authorUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemplateVersion" ADD CONSTRAINT "TemplateVersion_parentVersionId_fkey" FOREIGN KEY ("parentVersionId") REFERENCES "TemplateVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentState" ADD CONSTRAINT "AgentState_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WakeRun" ADD CONSTRAINT "WakeRun_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WakeRun" ADD CONSTRAINT "WakeRun_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WakeRun" ADD CONSTRAINT "WakeRun_templateVersionId_fkey" FOREIGN KEY ("templateVersionId") REFERENCES "TemplateVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WakeRun" ADD CONSTRAINT "WakeRun_ratedById_fkey" FOREIGN KEY ("ratedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefineIteration" ADD CONSTRAINT "RefineIteration_wakeRunId_fkey" FOREIGN KEY ("wakeRunId") REFERENCES "WakeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentMessage" ADD CONSTRAINT "AgentMessage_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentMessage" ADD CONSTRAINT "AgentMessage_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentMessage" ADD CONSTRAINT "AgentMessage_wakeRunId_fkey" FOREIGN KEY ("wakeRunId") REFERENCES "WakeRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentReport" ADD CONSTRAINT "AgentReport_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentReport" ADD CONSTRAINT "AgentReport_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_wakeRunId_fkey" FOREIGN KEY ("wakeRunId") REFERENCES "WakeRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeItem" ADD CONSTRAINT "ChangeItem_changeSetId_fkey" FOREIGN KEY ("changeSetId") REFERENCES "ChangeSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeDecision" ADD CONSTRAINT "ChangeDecision_changeItemId_fkey" FOREIGN KEY ("changeItemId") REFERENCES "ChangeItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeDecision" ADD CONSTRAINT "ChangeDecision_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
