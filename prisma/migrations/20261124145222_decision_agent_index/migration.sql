-- CreateIndex
CREATE INDEX "ChangeDecision_agentId_decidedAt_idx" ON "ChangeDecision"("agentId", "decidedAt");
