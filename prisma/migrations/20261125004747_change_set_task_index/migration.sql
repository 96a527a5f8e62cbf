-- CreateIndex
CREATE INDEX "ChangeSet_taskId_idx" ON "ChangeSet"("taskId");
