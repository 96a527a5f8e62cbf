import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import type { FeedbackCategory, Sentiment } from "../rules";

// One set-based summary of FeedbackItem rows (totals, sentiment × category, cross-agent patterns),
// shared by the stored aggregate (aggregate-feedback.ts) and the live read models (queries.ts).

/** A (category, sentiment) pair is a cross-agent pattern when this many DISTINCT agents show it. */
export const PATTERN_MIN_AGENTS = 3;
export const PATTERN_EXAMPLES = 3;

export type FeedbackTotals = { items: number; positive: number; negative: number; neutral: number };
export type CategoryCounts = { category: FeedbackCategory; positive: number; negative: number; neutral: number };
export type PatternExample = { itemId: string; agentId: string; detail: string };
export type FeedbackPattern = { category: FeedbackCategory; sentiment: Sentiment; agentCount: number; itemCount: number; examples: PatternExample[] };
export type FeedbackSummary = { totals: FeedbackTotals; byCategory: CategoryCounts[]; patterns: FeedbackPattern[] };

/** Which FeedbackItem rows: always one workspace and template, plus a counter range and/or a time range. */
export type ItemWindow = {
  workspaceId: string;
  templateId: string;
  /** Exclusive lower bound on the source row's change counter. */
  sinceCounter?: number;
  /** Inclusive upper bound on the source row's change counter. */
  untilCounter?: number;
  /** Inclusive lower bound on occurredAt. */
  since?: Date;
  /** Exclusive upper bound on occurredAt. */
  until?: Date;
};

export function itemWhere(w: ItemWindow, alias = "fi"): Prisma.Sql {
  const col = (c: string) => Prisma.raw(`${alias}."${c}"`);
  const parts = [Prisma.sql`${col("workspaceId")} = ${w.workspaceId}`, Prisma.sql`${col("templateId")} = ${w.templateId}`];
  if (w.sinceCounter !== undefined) parts.push(Prisma.sql`${col("sourceCounter")} > ${w.sinceCounter}`);
  if (w.untilCounter !== undefined) parts.push(Prisma.sql`${col("sourceCounter")} <= ${w.untilCounter}`);
  if (w.since) parts.push(Prisma.sql`${col("occurredAt")} >= ${w.since}`);
  if (w.until) parts.push(Prisma.sql`${col("occurredAt")} < ${w.until}`);
  return Prisma.join(parts, " AND ");
}

type Row = { totals: FeedbackTotals; by_category: CategoryCounts[] | null; patterns: FeedbackPattern[] | null };

/**
 * One statement: the window's items are read once (MATERIALIZED), then grouped three ways.
 * Patterns: GROUP BY (category, sentiment) HAVING count(DISTINCT agentId) >= 3; examples are the
 * newest item of up to 3 different agents; negative patterns first, then by agent count.
 */
export async function summarizeFeedback(w: ItemWindow, client: Tx | typeof db = db): Promise<FeedbackSummary> {
  const [row] = await client.$queryRaw<Row[]>`
    WITH items AS MATERIALIZED (
      SELECT fi."id", fi."agentId", fi."sentiment"::text AS sentiment, fi."category"::text AS category, fi."detail", fi."occurredAt"
      FROM "FeedbackItem" fi WHERE ${itemWhere(w)}
    ),
    by_cat AS (
      SELECT category, count(*) FILTER (WHERE sentiment = 'positive')::int AS positive,
        count(*) FILTER (WHERE sentiment = 'negative')::int AS negative, count(*) FILTER (WHERE sentiment = 'neutral')::int AS neutral
      FROM items GROUP BY category
    ),
    groups AS (
      SELECT category, sentiment, count(DISTINCT "agentId")::int AS agent_count, count(*)::int AS item_count
      FROM items WHERE "agentId" IS NOT NULL GROUP BY category, sentiment HAVING count(DISTINCT "agentId") >= ${PATTERN_MIN_AGENTS}
    ),
    newest_per_agent AS (
      SELECT DISTINCT ON (i.category, i.sentiment, i."agentId") i.category, i.sentiment, i."id", i."agentId", i."detail", i."occurredAt"
      FROM items i JOIN groups g USING (category, sentiment)
      ORDER BY i.category, i.sentiment, i."agentId", i."occurredAt" DESC, i."id"
    ),
    examples AS (
      SELECT category, sentiment, json_agg(json_build_object('itemId', "id", 'agentId', "agentId", 'detail', left("detail", 300)) ORDER BY rn) AS examples
      FROM (SELECT *, row_number() OVER (PARTITION BY category, sentiment ORDER BY "occurredAt" DESC, "id") AS rn FROM newest_per_agent) x
      WHERE rn <= ${PATTERN_EXAMPLES} GROUP BY category, sentiment
    )
    SELECT
      (SELECT json_build_object('items', count(*)::int, 'positive', count(*) FILTER (WHERE sentiment = 'positive')::int,
         'negative', count(*) FILTER (WHERE sentiment = 'negative')::int, 'neutral', count(*) FILTER (WHERE sentiment = 'neutral')::int) FROM items) AS totals,
      (SELECT json_agg(json_build_object('category', category, 'positive', positive, 'negative', negative, 'neutral', neutral)
         ORDER BY negative DESC, positive + negative + neutral DESC, category) FROM by_cat) AS by_category,
      (SELECT json_agg(json_build_object('category', g.category, 'sentiment', g.sentiment, 'agentCount', g.agent_count, 'itemCount', g.item_count, 'examples', e.examples)
         ORDER BY CASE g.sentiment WHEN 'negative' THEN 0 WHEN 'positive' THEN 1 ELSE 2 END, g.agent_count DESC, g.item_count DESC, g.category)
       FROM groups g JOIN examples e USING (category, sentiment)) AS patterns`;
  return { totals: row.totals, byCategory: row.by_category ?? [], patterns: row.patterns ?? [] };
}
