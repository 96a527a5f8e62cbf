import type { PrismaClient } from "@/generated/prisma/client";
import type { FeedbackCategory, Sentiment, WrittenSource } from "./rules";
import { DETAIL_CHARS } from "./rules-sql";

// Storing the classifier's labels of written texts (no server-only: the demo seed labels its own
// texts with the built-in classifier through this too). One statement: the markers are deleted and
// their FeedbackItem rows inserted from what the DELETE returned, so a marker two runs raced over
// gets one item, and a marker already gone gets none.

export type TextKey = { sourceType: WrittenSource; sourceId: string };
export type TextLabel = { sentiment: Sentiment; category: FeedbackCategory; confidence: number };

export async function storeFeedbackLabels(client: Pick<PrismaClient, "$executeRaw">, workspaceId: string, labeled: { key: TextKey; label: TextLabel }[]) {
  if (!labeled.length) return 0;
  return client.$executeRaw`
    WITH v AS (
      SELECT * FROM unnest(${labeled.map((l) => l.key.sourceType)}::text[], ${labeled.map((l) => l.key.sourceId)}::text[],
        ${labeled.map((l) => l.label.sentiment)}::text[], ${labeled.map((l) => l.label.category)}::text[], ${labeled.map((l) => l.label.confidence)}::float8[])
        AS v(source_type, source_id, sentiment, category, confidence)
    ), done AS (
      DELETE FROM "PendingFeedback" p USING v
      WHERE p."workspaceId" = ${workspaceId} AND p."sourceType" = v.source_type AND p."sourceId" = v.source_id
      RETURNING p.*, v.sentiment, v.category, v.confidence
    )
    INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
    SELECT gen_random_uuid()::text, d."workspaceId", d."templateId", d."agentId", d."sourceType", d."sourceId", d.sentiment::"Sentiment", d.category::"FeedbackCategory",
      d.confidence, 'model', left(d."text", ${DETAIL_CHARS}), d."sourceCounter", d."occurredAt"
    FROM done d
    ON CONFLICT ("sourceType", "sourceId") DO NOTHING`;
}
