-- CreateIndex
CREATE INDEX "AgentMessage_wakeRunId_idx" ON "AgentMessage"("wakeRunId");

-- CreateIndex
CREATE INDEX "AgentReport_wakeRunId_idx" ON "AgentReport"("wakeRunId");
