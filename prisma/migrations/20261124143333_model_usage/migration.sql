-- CreateTable
CREATE TABLE "ModelUsageDaily" (
    "workspaceId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "role" TEXT NOT NULL,
    "templateId" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT '',
    "calls" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" BIGINT NOT NULL DEFAULT 0,
    "outputTokens" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ModelUsageDaily_pkey" PRIMARY KEY ("workspaceId","day","role","templateId","model")
);

-- What was recorded before: each wake run's tokens, the three task-agent roles together, on its
-- start day (timestamps are stored in UTC), model unrecorded.
INSERT INTO "ModelUsageDaily" ("workspaceId", "day", "role", "templateId", "model", "calls", "inputTokens", "outputTokens")
SELECT "workspaceId", "startedAt"::date, 'task', "templateId", '', count(*)::int, sum("inputTokens")::bigint, sum("outputTokens")::bigint
FROM "WakeRun"
WHERE "inputTokens" > 0 OR "outputTokens" > 0
GROUP BY 1, 2, 4;
