-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "resolution" TEXT,
ADD COLUMN     "resolvedAt" TIMESTAMP(3),
ADD COLUMN     "resolvedById" TEXT,
ADD COLUMN     "subject" TEXT;

-- CreateIndex
CREATE INDEX "Notification_workspaceId_subject_idx" ON "Notification"("workspaceId", "subject");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill: a review notification's subject is its session (dedupe key `ritual:<sessionId>:review:<round>`).
UPDATE "Notification"
SET "subject" = 'session:' || split_part("dedupeKey", ':', 2)
WHERE "kind" = 'ritual_review' AND "dedupeKey" LIKE 'ritual:%:review%';

-- Reviews whose session has closed are no longer open: approved when a proposal of the session
-- was (by whom, when), expired when nobody decided in time, else closed.
UPDATE "Notification" n
SET "resolution" = CASE
      WHEN p."id" IS NOT NULL THEN 'approved'
      WHEN s."status" = 'abandoned' AND s."outcomeNote" = 'Nobody decided within 7 days.' THEN 'expired'
      ELSE 'closed'
    END,
    "resolvedAt" = COALESCE(p."decidedAt", s."completedAt", CURRENT_TIMESTAMP),
    "resolvedById" = p."decidedById"
FROM "EvolutionSession" s
LEFT JOIN LATERAL (
  SELECT "id", "decidedAt", "decidedById" FROM "Proposal"
  WHERE "sessionId" = s."id" AND "status" = 'approved'
  ORDER BY "decidedAt" DESC NULLS LAST LIMIT 1
) p ON TRUE
WHERE n."subject" = 'session:' || s."id"
  AND n."resolvedAt" IS NULL
  AND s."status" IN ('completed', 'abandoned', 'skipped', 'failed');
