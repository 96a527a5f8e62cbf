-- CreateIndex
CREATE INDEX "ChangeItem_agentId_changeCounter_idx" ON "ChangeItem"("agentId", "changeCounter");

-- CreateIndex
CREATE INDEX "ChangeSet_agentId_changeCounter_idx" ON "ChangeSet"("agentId", "changeCounter");
