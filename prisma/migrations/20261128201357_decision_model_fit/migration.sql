-- CreateTable
CREATE TABLE "DecisionModelFit" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "fittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "since" TIMESTAMP(3) NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,
    "decisions" INTEGER NOT NULL,
    "ratings" INTEGER NOT NULL,
    "model" JSONB NOT NULL,

    CONSTRAINT "DecisionModelFit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DecisionModelFit_workspaceId_templateId_fittedAt_idx" ON "DecisionModelFit"("workspaceId", "templateId", "fittedAt");

-- AddForeignKey
ALTER TABLE "DecisionModelFit" ADD CONSTRAINT "DecisionModelFit_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AgentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;
