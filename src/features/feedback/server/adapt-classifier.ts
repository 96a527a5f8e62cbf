import "server-only";
import { describeModels } from "@/ai/models";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { classifyWithAdaptation, distinctCorrections, trainAdaptation, type Adaptation, type LabelCorrection } from "../classifier/adapt";
import { classifyFeedbackText } from "../classifier/model";
import { reasonVerdicts } from "../reason-verdicts";
import { classifierSource, type FeedbackCategory, type Sentiment } from "../rules";
import { correctionVerdictSql } from "./workspace-labelling";

// The workspace's adaptation of the built-in classifier (the `adapt-classifier` job, after a batch
// of corrections):
//  1. its corrections — the newest label of each corrected or confirmed text (from its source; a
//     text labelled on many identical items once), up to MAX_TRAINING_CORRECTIONS — are the
//     training data;
//  2. held-out accuracy: FOLDS-fold cross-validation over them (each fold classified by an
//     adaptation trained on the others), against the shipped model on the same texts;
//  3. a new version is stored (FeedbackAdaptation); it is ACTIVE only when it beats the shipped
//     model — otherwise the workspace goes back to the shipped model (rolled back), with the
//     version kept for the record;
//  4. the workspace's model-labelled written items of the last RELABEL_DAYS are relabelled with
//     what is now in force (the new adaptation, or the shipped model after a rollback); only items
//     whose labels change are written (classifiedBy stays `model`), and their number is stored on
//     the version ("12 labels changed after your corrections"). A `person` label is never touched.
// With a hosted classifier model there is no adaptation: the corrections are few-shot examples in
// its prompt (workspace-labelling.ts).

/** Corrections since the last version that make a retrain worth it. */
export const ADAPT_AFTER_CORRECTIONS = 5;
export const MAX_TRAINING_CORRECTIONS = 2_000;
const FOLDS = 5;
/** Relabelling reaches back this far (older weeks were acknowledged by rituals long ago). */
export const RELABEL_DAYS = 90;
/** Items relabelled per run, newest first: the cost guard (a page of 1,000 per statement). */
export const MAX_RELABEL_ITEMS = 20_000;
const RELABEL_PAGE = 1_000;

export type AdaptClassifierResult =
  | { status: "hosted" | "not-enough" }
  | { status: "trained"; version: number; active: boolean; accuracy: number; baseAccuracy: number; corrections: number; relabelled: number };

type TrainingRow = { text: string; sourceType: string; verdict: string | null; sentiment: Sentiment; category: FeedbackCategory };

async function listTrainingCorrections(workspaceId: string): Promise<LabelCorrection[]> {
  const rows = await db.$queryRaw<TrainingRow[]>`
    SELECT text, "sourceType", verdict, sentiment, category FROM (
      SELECT DISTINCT ON (c."text", c."sourceType") c."text", c."sourceType", ${correctionVerdictSql} AS verdict, c."sentiment"::text AS sentiment, c."category"::text AS category, c."createdAt", c."id"
      FROM "FeedbackLabelCorrection" c WHERE c."workspaceId" = ${workspaceId}
      ORDER BY c."text", c."sourceType", c."createdAt" DESC, c."id" DESC
    ) x ORDER BY "createdAt" DESC, "id" DESC LIMIT ${MAX_TRAINING_CORRECTIONS}`;
  // Oldest first: the newest correction of a text is the one that counts (trainAdaptation).
  return rows.reverse().map((r) => ({ text: r.text, source: classifierSource(r.sourceType, r.verdict), sentiment: r.sentiment, category: r.category }));
}

const right = (p: { sentiment: Sentiment; category: FeedbackCategory }, c: LabelCorrection) => p.sentiment === c.sentiment && p.category === c.category;

/**
 * Cross-validated accuracy (both labels right) of the adaptation and of the shipped model on the same
 * corrections, one per text (distinctCorrections): the same text in a training fold and a held-out
 * one would score the adaptation on what it was taught.
 */
export function heldOutAccuracy(all: LabelCorrection[], folds = FOLDS): { accuracy: number; baseAccuracy: number } {
  const corrections = distinctCorrections(all);
  if (!corrections.length) return { accuracy: 0, baseAccuracy: 0 };
  const k = Math.min(folds, corrections.length);
  let adapted = 0;
  let base = 0;
  for (let f = 0; f < k; f++) {
    const adaptation = trainAdaptation(corrections.filter((_, i) => i % k !== f));
    corrections.forEach((c, i) => {
      if (i % k !== f) return;
      if (right(classifyWithAdaptation(adaptation, c.text, c.source), c)) adapted++;
      if (right(classifyFeedbackText(c.text, c.source), c)) base++;
    });
  }
  return { accuracy: adapted / corrections.length, baseAccuracy: base / corrections.length };
}

/**
 * Trains the workspace's next adaptation when ADAPT_AFTER_CORRECTIONS corrected texts came since the
 * last one (`force`: whatever the number), stores it, and relabels. `builtIn`: whether the
 * classifier role is the built-in model (tests pass it; default: the configured registry).
 */
export async function adaptClassifier({ workspaceId, force = false, builtIn = describeModels().builtIn, now = new Date() }: { workspaceId: string; force?: boolean; builtIn?: boolean; now?: Date }): Promise<AdaptClassifierResult> {
  if (!builtIn) return { status: "hosted" };
  const last = await db.feedbackAdaptation.findFirst({ where: { workspaceId }, orderBy: { version: "desc" }, select: { version: true, createdAt: true } });
  // Texts, not rows: a label set on twelve identical items ("Check labels") is one judgement.
  const [{ fresh }] = await db.$queryRaw<{ fresh: number }[]>`
    SELECT count(DISTINCT "text")::int AS fresh FROM "FeedbackLabelCorrection"
    WHERE "workspaceId" = ${workspaceId} AND "createdAt" > ${last?.createdAt ?? new Date(0)}`;
  if (fresh === 0 || (!force && fresh < ADAPT_AFTER_CORRECTIONS)) return { status: "not-enough" };

  const corrections = await listTrainingCorrections(workspaceId);
  const { accuracy, baseAccuracy } = heldOutAccuracy(corrections);
  const adaptation = trainAdaptation(corrections);
  const active = accuracy > baseAccuracy;
  const version = (last?.version ?? 0) + 1;
  const row = await db.$transaction(async (t) => {
    const before = await t.feedbackAdaptation.updateMany({ where: { workspaceId, active: true }, data: { active: false } });
    return t.feedbackAdaptation.create({
      data: { workspaceId, version, adaptation: adaptation as unknown as Prisma.InputJsonValue, corrections: corrections.length, accuracy, baseAccuracy, active },
      select: { id: true },
    }).then((r) => ({ ...r, wasActive: before.count > 0 }));
  });
  // Nothing to undo when the shipped model stays in force.
  const relabelled = active || row.wasActive ? await relabelWorkspace({ workspaceId, adaptation: active ? adaptation : null, now }) : 0;
  await db.feedbackAdaptation.update({ where: { id: row.id }, data: { relabelled } });
  return { status: "trained", version, active, accuracy, baseAccuracy, corrections: corrections.length, relabelled };
}

type RelabelRow = { id: string; detail: string; sourceType: string; sourceId: string; sentiment: Sentiment; category: FeedbackCategory; occurredAt: Date };

/**
 * The workspace's model-labelled written items of the last RELABEL_DAYS, newest first, labelled
 * again with `adaptation` (null: the shipped model); writes only the items whose labels change
 * (one UPDATE per page, conditional on the item still being a model label: a person's correction
 * made meanwhile wins). Returns how many changed.
 */
export async function relabelWorkspace({ workspaceId, adaptation, now = new Date() }: { workspaceId: string; adaptation: Adaptation | null; now?: Date }): Promise<number> {
  const since = new Date(now.getTime() - RELABEL_DAYS * 86_400_000);
  let changed = 0;
  let after: { occurredAt: Date; id: string } | null = null;
  for (let read = 0; read < MAX_RELABEL_ITEMS; read += RELABEL_PAGE) {
    const page: RelabelRow[] = await db.feedbackItem.findMany({
      where: {
        workspaceId,
        classifiedBy: "model",
        occurredAt: { gte: since },
        ...(after ? { OR: [{ occurredAt: { lt: after.occurredAt } }, { occurredAt: after.occurredAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
      take: RELABEL_PAGE,
      select: { id: true, detail: true, sourceType: true, sourceId: true, sentiment: true, category: true, occurredAt: true },
    });
    if (!page.length) break;
    after = page[page.length - 1];
    // A reason reads as its decision's verdict says (classifierSource): one read per page.
    const verdicts = await reasonVerdicts(db, workspaceId, page);
    const updates = page.flatMap((item) => {
      const label = classifyWithAdaptation(adaptation, item.detail, classifierSource(item.sourceType, verdicts.get(item.sourceId)));
      return label.sentiment === item.sentiment && label.category === item.category ? [] : [{ id: item.id, ...label }];
    });
    if (updates.length) {
      changed += await db.$executeRaw`
        UPDATE "FeedbackItem" i SET "sentiment" = v.sentiment::"Sentiment", "category" = v.category::"FeedbackCategory", "confidence" = v.confidence
        FROM unnest(${updates.map((u) => u.id)}::text[], ${updates.map((u) => u.sentiment)}::text[], ${updates.map((u) => u.category)}::text[], ${updates.map((u) => u.confidence)}::float8[])
          AS v(id, sentiment, category, confidence)
        WHERE i."id" = v.id AND i."workspaceId" = ${workspaceId} AND i."classifiedBy" = 'model'`;
    }
    if (page.length < RELABEL_PAGE) break;
  }
  return changed;
}

/** The newest adaptation version of a workspace and what it changed (the "labels changed" note). */
export async function getLatestAdaptation(workspaceId: string) {
  return db.feedbackAdaptation.findFirst({
    where: { workspaceId },
    orderBy: { version: "desc" },
    select: { version: true, active: true, accuracy: true, baseAccuracy: true, corrections: true, relabelled: true, createdAt: true },
  });
}
