import "server-only";
import { cappedCount, COUNT_CAP, type CappedCount } from "@/lib/capped-count";
import { db } from "@/server/db";
import { REVIEW_BELOW, type LabelledItem, type QueueItem } from "../labels";
import type { SourceType } from "../rules";
import { WRITTEN_SOURCE_TYPES } from "../source-kind";

// Read models of written feedback with its labels: the template's recent written items (Feedback
// tab), the labels of a pattern's examples, and "Check labels" (the items the classifier is least
// sure of). Scoped by workspace in every WHERE.

export type { LabelledItem, QueueItem };

const select = { id: true, templateId: true, agentId: true, sourceType: true, detail: true, sentiment: true, category: true, confidence: true, classifiedBy: true, occurredAt: true } as const;
const written = { in: [...WRITTEN_SOURCE_TYPES] as SourceType[] };

/** Waiting in "Check labels": model labels below REVIEW_BELOW (a person's label never waits). */
const queueWhere = (workspaceId: string) => ({ workspaceId, classifiedBy: "model" as const, confidence: { lt: REVIEW_BELOW } });

const queueKey = (r: Pick<LabelledItem, "templateId" | "sourceType" | "detail" | "confidence">) => `${r.templateId}\u0000${r.sourceType}\u0000${r.confidence}\u0000${r.detail}`;

/**
 * "Check labels": the least sure first, the newest first among equals (index
 * `(workspaceId, classifiedBy, confidence)`), with the template's name. Corrected and confirmed
 * items have left it (classifiedBy `person`). A text is listed once, however many agents wrote it:
 * the items identical to an entry (same template, source, text and reading: what
 * correctFeedbackLabels' `identical` labels with it) are counted, not listed — the newest of them
 * stands for the rest. Entries are found among the first `limit × 8` waiting items.
 */
export async function listLabelQueue({ workspaceId, templateId, limit = 50 }: { workspaceId: string; templateId?: string; limit?: number }): Promise<QueueItem[]> {
  const take = Math.min(Math.max(limit, 1), 200);
  const window = await db.feedbackItem.findMany({
    where: { ...queueWhere(workspaceId), ...(templateId ? { templateId } : {}) },
    orderBy: [{ confidence: "asc" }, { occurredAt: "desc" }, { id: "asc" }],
    take: take * 8,
    select,
  });
  const seen = new Set<string>();
  const rows = window.filter((r) => !seen.has(queueKey(r)) && !!seen.add(queueKey(r))).slice(0, take);
  if (!rows.length) return [];
  const [templates, counts] = await Promise.all([
    db.agentTemplate.findMany({ where: { workspaceId, id: { in: [...new Set(rows.map((r) => r.templateId))] } }, select: { id: true, name: true } }),
    // Per entry, its copies counted up to COUNT_CAP + 1 (the read stops there: at scale one text can
    // have tens of thousands).
    db.$queryRaw<{ ord: bigint; n: number }[]>`
      SELECT k.ord, (
        SELECT count(*)::int FROM (
          SELECT 1 FROM "FeedbackItem" i
          WHERE i."workspaceId" = ${workspaceId} AND i."classifiedBy" = 'model' AND i."confidence" = k.confidence
            AND i."templateId" = k."templateId" AND i."sourceType" = k."sourceType" AND i."detail" = k.detail
          LIMIT ${COUNT_CAP + 1}
        ) x
      ) AS n
      FROM unnest(${rows.map((r) => r.templateId)}::text[], ${rows.map((r) => r.sourceType)}::text[], ${rows.map((r) => r.detail)}::text[], ${rows.map((r) => r.confidence)}::float8[])
        WITH ORDINALITY AS k("templateId", "sourceType", detail, confidence, ord)`,
  ]);
  const names = new Map(templates.map((t) => [t.id, t.name]));
  const copies = new Map(counts.map((c) => [Number(c.ord) - 1, c.n]));
  return rows.map((r, i) => {
    const n = copies.get(i) ?? 1;
    return { ...r, templateName: names.get(r.templateId), identical: Math.min(Math.max(n - 1, 0), COUNT_CAP), identicalCapped: n > COUNT_CAP };
  });
}

/** How many wait in "Check labels" (capped: "1,000+"). */
export async function countLabelQueue({ workspaceId }: { workspaceId: string }): Promise<CappedCount> {
  return cappedCount(await db.feedbackItem.count({ where: queueWhere(workspaceId), take: COUNT_CAP + 1 }));
}

/** A template's newest written items of the last `days` days, with their labels (the Feedback tab). */
export async function listRecentWrittenFeedback({ workspaceId, templateId, days, limit = 20, now = new Date() }: { workspaceId: string; templateId: string; days: number; limit?: number; now?: Date }): Promise<LabelledItem[]> {
  return db.feedbackItem.findMany({
    where: { workspaceId, templateId, sourceType: written, occurredAt: { gte: new Date(now.getTime() - Math.max(1, days) * 86_400_000) } },
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 100),
    select,
  });
}

/** The labels in force of these items (a pattern's written examples): one statement, by id and workspace. */
export async function getItemLabels({ workspaceId, itemIds }: { workspaceId: string; itemIds: string[] }): Promise<Map<string, LabelledItem>> {
  if (!itemIds.length) return new Map();
  const rows = await db.feedbackItem.findMany({ where: { workspaceId, id: { in: [...new Set(itemIds)] }, sourceType: written }, select });
  return new Map(rows.map((r) => [r.id, r]));
}

/** The labels in force of these source rows' written items (an agent's or a run's observations), by source id: one statement. */
export async function getLabelsBySource({ workspaceId, sourceType, sourceIds }: { workspaceId: string; sourceType: (typeof WRITTEN_SOURCE_TYPES)[number]; sourceIds: string[] }): Promise<Map<string, LabelledItem>> {
  if (!sourceIds.length) return new Map();
  const rows = await db.feedbackItem.findMany({ where: { workspaceId, sourceType, sourceId: { in: [...new Set(sourceIds)] } }, select: { ...select, sourceId: true } });
  return new Map(rows.map(({ sourceId, ...r }) => [sourceId, r]));
}
