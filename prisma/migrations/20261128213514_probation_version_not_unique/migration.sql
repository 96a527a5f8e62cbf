-- DropIndex
DROP INDEX "Probation_versionId_key";

-- CreateIndex
CREATE INDEX "Probation_versionId_idx" ON "Probation"("versionId");
