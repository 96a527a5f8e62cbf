-- CreateTable
CREATE TABLE "RunDecisionCount" (
    "runId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "confirmed" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RunDecisionCount_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "RunDecisionCount" ADD CONSTRAINT "RunDecisionCount_runId_fkey" FOREIGN KEY ("runId") REFERENCES "WakeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by ChangeItem's writes: a status change moves the run's counts (an insert with a decided
-- status counts, a delete uncounts). Items of a change set without a run count nowhere.
CREATE OR REPLACE FUNCTION "ChangeItem_run_decision_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  run_id TEXT;
  confirmed_delta INT := 0;
  rejected_delta INT := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    confirmed_delta := confirmed_delta - (OLD."status" = 'confirmed')::int;
    rejected_delta := rejected_delta - (OLD."status" = 'rejected')::int;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    confirmed_delta := confirmed_delta + (NEW."status" = 'confirmed')::int;
    rejected_delta := rejected_delta + (NEW."status" = 'rejected')::int;
  END IF;
  IF confirmed_delta = 0 AND rejected_delta = 0 THEN
    RETURN NULL;
  END IF;
  SELECT "wakeRunId" INTO run_id FROM "ChangeSet" WHERE "id" = COALESCE(NEW."changeSetId", OLD."changeSetId");
  IF run_id IS NULL OR NOT EXISTS (SELECT 1 FROM "WakeRun" WHERE "id" = run_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "RunDecisionCount" ("runId", "workspaceId", "confirmed", "rejected")
    VALUES (run_id, COALESCE(NEW."workspaceId", OLD."workspaceId"), confirmed_delta, rejected_delta)
  ON CONFLICT ("runId") DO UPDATE SET
    "confirmed" = "RunDecisionCount"."confirmed" + EXCLUDED."confirmed",
    "rejected" = "RunDecisionCount"."rejected" + EXCLUDED."rejected";
  RETURN NULL;
END
$$;

CREATE TRIGGER "ChangeItem_run_decision_count"
  AFTER INSERT OR DELETE OR UPDATE OF "status" ON "ChangeItem"
  FOR EACH ROW EXECUTE FUNCTION "ChangeItem_run_decision_count"();

-- What was decided before this migration.
INSERT INTO "RunDecisionCount" ("runId", "workspaceId", "confirmed", "rejected")
SELECT s."wakeRunId", s."workspaceId",
       count(*) FILTER (WHERE i."status" = 'confirmed')::int,
       count(*) FILTER (WHERE i."status" = 'rejected')::int
FROM "ChangeSet" s JOIN "ChangeItem" i ON i."changeSetId" = s."id"
WHERE s."wakeRunId" IS NOT NULL AND i."status" IN ('confirmed', 'rejected')
GROUP BY s."wakeRunId", s."workspaceId";
