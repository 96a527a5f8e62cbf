import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { stageEvent } from "@/inngest/outbox";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { FeedbackCategory, Sentiment } from "../rules";
import { MAX_IDENTICAL_ITEMS, type CorrectFeedbackLabelsInput } from "../schemas";
import { WRITTEN_SOURCE_TYPES } from "../source-kind";

// The single write path of a person's label: a correction or a confirmation of written feedback
// items (one, or a bulk selection), in ONE transaction:
//  1. the items are locked, by id AND workspace, written ones only (a signal's label is its rule's);
//     one that is missing or not written → 404 and nothing is written. With `identical`, the
//     items of the same text labelled alike are locked too (identicalItems) and take the same
//     labels: "Check labels" lists a text once, however many agents wrote it;
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
  /** Of both, the items labelled because they are identical to one named (`identical`). */
  identical: number;
  /** The staged event (deliver it after the commit). */
  eventIds: string[];
};

const ITEM_COLUMNS = Prisma.sql`"id", "templateId", "sourceType", "sentiment"::text AS sentiment, "category"::text AS category, "confidence", "classifiedBy"::text AS "classifiedBy", "detail"`;
/** A signal's label is its rule's: only written items take a person's. */
const WRITTEN = Prisma.sql`"sourceType" = ANY(${[...WRITTEN_SOURCE_TYPES]}::text[])`;

type Locked = { id: string; templateId: string; sourceType: string; sentiment: Sentiment; category: FeedbackCategory; confidence: number; classifiedBy: "rule" | "model" | "person"; detail: string };

export async function correctFeedbackLabels({ scope, corrections, identical = false }: { scope: Scope } & CorrectFeedbackLabelsInput): Promise<CorrectFeedbackLabelsResult> {
  const ids = corrections.map((c) => c.itemId);
  return db.$transaction(async (t) => {
    // Which rows: the items named, and (identical) the items identical to them — found first, then
    // every row locked in ONE statement in id order, so two people labelling overlapping texts wait
    // for each other instead of deadlocking. Without `identical` the lock is the only read.
    let alike: { id: string; of: string }[] = [];
    if (identical) {
      const named = await t.$queryRaw<Locked[]>`SELECT ${ITEM_COLUMNS} FROM "FeedbackItem" WHERE "workspaceId" = ${scope.workspaceId} AND "id" = ANY(${ids}::text[]) AND ${WRITTEN}`;
      if (named.length !== ids.length) throw notFound("That feedback item was not found.");
      alike = await identicalItems(t, scope.workspaceId, named, ids);
    }
    const rows = await t.$queryRaw<Locked[]>`
      SELECT ${ITEM_COLUMNS} FROM "FeedbackItem"
      WHERE "workspaceId" = ${scope.workspaceId} AND "id" = ANY(${[...ids, ...alike.map((a) => a.id)]}::text[]) AND ${WRITTEN}
      ORDER BY "id" FOR UPDATE`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw notFound("That feedback item was not found.");
    const changes = corrections.map((c) => {
      const before = byId.get(c.itemId)!;
      const sentiment = c.sentiment ?? before.sentiment;
      const category = c.category ?? before.category;
      return { before, sentiment, category, confirmed: sentiment === before.sentiment && category === before.category };
    });
    // An identical item takes the labels its text was given — unless it changed since it was found
    // (a person labelled it meanwhile): then it is no longer identical, and keeps its labels.
    const target = new Map(changes.map((c) => [c.before.id, c]));
    const alikeChanges = alike.flatMap(({ id, of }) => {
      const before = byId.get(id);
      const source = target.get(of)!;
      if (!before || identityOf(before) !== identityOf(source.before)) return [];
      return [{ before, sentiment: source.sentiment, category: source.category, confirmed: source.sentiment === before.sentiment && source.category === before.category }];
    });
    const all = [...changes, ...alikeChanges];
    await t.$executeRaw`
      UPDATE "FeedbackItem" i SET "sentiment" = v.sentiment::"Sentiment", "category" = v.category::"FeedbackCategory", "confidence" = 1, "classifiedBy" = 'person'
      FROM unnest(${all.map((c) => c.before.id)}::text[], ${all.map((c) => c.sentiment)}::text[], ${all.map((c) => c.category)}::text[]) AS v(id, sentiment, category)
      WHERE i."id" = v.id AND i."workspaceId" = ${scope.workspaceId}`;
    await t.feedbackLabelCorrection.createMany({
      data: all.map(({ before, sentiment, category, confirmed }) => ({
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
    const confirmed = all.filter((c) => c.confirmed).length;
    return { corrected: all.length - confirmed, confirmed, identical: alikeChanges.length, eventIds: [eventId] };
  });
}

/**
 * The items identical to `items`: the same text from the same source in the same template, labelled
 * alike — the same labels, by the same hand (the model, or a person), with the same confidence (the
 * model's same reading of the same words; the equality also keeps the scan on the index
 * `(workspaceId, classifiedBy, confidence)`). Once a person labelled a queue entry, its identical
 * items are hers too, and a second key (the category after the sentiment) still reaches them.
 * Besides `exclude`; at most MAX_IDENTICAL_ITEMS, each with the item it is identical to.
 */
async function identicalItems(t: Prisma.TransactionClient, workspaceId: string, items: Locked[], exclude: string[]): Promise<{ id: string; of: string }[]> {
  // Per named item, its copies through the index (classifiedBy, confidence equal), and no ORDER BY:
  // the read stops at the limit, however many copies a text has (tens of thousands at scale); the
  // rows are locked in id order afterwards. Two named items of the same text find the same copies:
  // each copy is kept once.
  const rows = await t.$queryRaw<{ id: string; of: string }[]>`
    SELECT c."id", k.of
    FROM unnest(${items.map((r) => r.id)}::text[], ${items.map((r) => r.templateId)}::text[], ${items.map((r) => r.sourceType)}::text[], ${items.map((r) => r.detail)}::text[],
                ${items.map((r) => r.confidence)}::float8[], ${items.map((r) => r.classifiedBy)}::text[], ${items.map((r) => r.sentiment)}::text[], ${items.map((r) => r.category)}::text[])
      AS k(of, "templateId", "sourceType", detail, confidence, "classifiedBy", sentiment, category)
    CROSS JOIN LATERAL (
      SELECT i."id" FROM "FeedbackItem" i
      WHERE i."workspaceId" = ${workspaceId} AND i."classifiedBy" = k."classifiedBy"::"ClassifiedBy" AND i."confidence" = k.confidence
        AND i."templateId" = k."templateId" AND i."sourceType" = k."sourceType" AND i."detail" = k.detail
        AND i."sentiment" = k.sentiment::"Sentiment" AND i."category" = k.category::"FeedbackCategory"
        AND NOT (i."id" = ANY(${exclude}::text[]))
      LIMIT ${MAX_IDENTICAL_ITEMS}
    ) c
    LIMIT ${MAX_IDENTICAL_ITEMS}`;
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && !!seen.add(r.id)).slice(0, MAX_IDENTICAL_ITEMS);
}

/** What makes two items of the same text identical: their labels, who set them, how sure. */
const identityOf = (r: Locked) => `${r.classifiedBy}/${r.sentiment}/${r.category}/${r.confidence}`;
