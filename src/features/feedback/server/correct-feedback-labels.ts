import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { stageEvent } from "@/inngest/outbox";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { FeedbackCategory, Sentiment } from "../rules";
import type { CorrectFeedbackLabelsInput } from "../schemas";
import { WRITTEN_SOURCE_TYPES } from "../source-kind";

// The single write path of a person's label: a correction or a confirmation of written feedback
// items (one, or a bulk selection), in ONE transaction:
//  1. the items are locked, by id AND workspace, written ones only (a signal's label is its rule's);
//     one that is missing or not written → 404 and nothing is written;
//  2. each item takes the person's labels in place (classifiedBy `person`, confidence 1): the
//     count tables follow through FeedbackItem's UPDATE triggers (FeedbackDailyCount,
//     FeedbackCountBlock) in this transaction, and the live breakdown, patterns and the next
//     stored aggregate (the improver's context, a ritual's window) read the items themselves;
//  3. a FeedbackLabelCorrection row per item: who, when, the labels before and after;
//  4. `feedback/corrected` is staged (outbox): the workspace's adaptation retrains after a batch.
// No job overwrites a `person` label: the classifier only inserts items for waiting texts, and
// relabelling after an adaptation touches `model` items only.

export type CorrectFeedbackLabelsResult = {
  /** Items whose labels changed. */
  corrected: number;
  /** Items whose labels the person kept. */
  confirmed: number;
  /** The staged event (deliver it after the commit). */
  eventIds: string[];
};

type Locked = { id: string; templateId: string; sourceType: string; sentiment: Sentiment; category: FeedbackCategory; confidence: number; classifiedBy: "rule" | "model" | "person"; detail: string };

export async function correctFeedbackLabels({ scope, corrections }: { scope: Scope } & CorrectFeedbackLabelsInput): Promise<CorrectFeedbackLabelsResult> {
  const ids = corrections.map((c) => c.itemId);
  return db.$transaction(async (t) => {
    const rows = await t.$queryRaw<Locked[]>`
      SELECT "id", "templateId", "sourceType", "sentiment"::text AS sentiment, "category"::text AS category, "confidence", "classifiedBy"::text AS "classifiedBy", "detail"
      FROM "FeedbackItem"
      WHERE "workspaceId" = ${scope.workspaceId} AND "id" = ANY(${ids}::text[]) AND "sourceType" = ANY(${[...WRITTEN_SOURCE_TYPES]}::text[])
      ORDER BY "id" FOR UPDATE`;
    if (rows.length !== ids.length) throw notFound("That feedback item was not found.");
    const byId = new Map(rows.map((r) => [r.id, r]));
    const changes = corrections.map((c) => {
      const before = byId.get(c.itemId)!;
      const sentiment = c.sentiment ?? before.sentiment;
      const category = c.category ?? before.category;
      return { before, sentiment, category, confirmed: sentiment === before.sentiment && category === before.category };
    });
    await t.$executeRaw`
      UPDATE "FeedbackItem" i SET "sentiment" = v.sentiment::"Sentiment", "category" = v.category::"FeedbackCategory", "confidence" = 1, "classifiedBy" = 'person'
      FROM unnest(${changes.map((c) => c.before.id)}::text[], ${changes.map((c) => c.sentiment)}::text[], ${changes.map((c) => c.category)}::text[]) AS v(id, sentiment, category)
      WHERE i."id" = v.id AND i."workspaceId" = ${scope.workspaceId}`;
    await t.feedbackLabelCorrection.createMany({
      data: changes.map(({ before, sentiment, category, confirmed }) => ({
        workspaceId: scope.workspaceId,
        templateId: before.templateId,
        feedbackItemId: before.id,
        text: before.detail,
        sourceType: before.sourceType,
        userId: scope.actorUserId,
        confirmed,
        beforeSentiment: before.sentiment,
        beforeCategory: before.category,
        beforeConfidence: before.confidence,
        beforeClassifiedBy: before.classifiedBy,
        sentiment,
        category,
      })) satisfies Prisma.FeedbackLabelCorrectionCreateManyInput[],
    });
    const eventId = await stageEvent(t, { name: "feedback/corrected", data: { workspaceId: scope.workspaceId } });
    const confirmed = changes.filter((c) => c.confirmed).length;
    return { corrected: changes.length - confirmed, confirmed, eventIds: [eventId] };
  });
}
