import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import type { FeedbackCategory, Sentiment } from "../rules";
import { compareSourceTypes, kindTotals, WRITTEN_SOURCE_TYPES, type FeedbackSourceType, type KindTotals, type SourceCounts, type SourceKind } from "../source-kind";
import { itemWhere, type FeedbackWindow } from "./window";

// One set-based summary of FeedbackItem rows (totals, sentiment × category, per source and kind,
// cross-agent patterns), shared by the stored aggregate (aggregate-feedback.ts) and the live read
// models (queries.ts).

/** A (category, sentiment) pair is a cross-agent pattern when this many DISTINCT agents show it. */
export const PATTERN_MIN_AGENTS = 3;
export const PATTERN_EXAMPLES = 3;

export type FeedbackTotals = { items: number; positive: number; negative: number; neutral: number };
export type CategoryCounts = { category: FeedbackCategory; positive: number; negative: number; neutral: number };
export type { KindTotals, SourceCounts, SourceKind };
/**
 * `sourceType` says whether the example is what someone wrote or a signal (source-kind.ts); it is
 * absent in summaries stored before examples carried it (read as an unlabelled signal).
 */
export type PatternExample = { itemId: string; agentId: string; detail: string; sourceType?: FeedbackSourceType };
/**
 * `agentCount` distinct agents — `capped: true`: at least that many (the live breakdown counts up
 * to PATTERN_AGENT_CAP, feedback-breakdown.ts); absent or false: exact (the stored aggregate) —,
 * `itemCount` items of the (category, sentiment) in the window. `examples` are written feedback
 * when the pattern has any (from an agent), signals only otherwise.
 */
export type FeedbackPattern = { category: FeedbackCategory; sentiment: Sentiment; agentCount: number; capped?: boolean; itemCount: number; examples: PatternExample[] };
/**
 * `bySource` items per source type and sentiment (written types first), `byKind` the same summed
 * per kind (written vs signal). Both are absent in summaries stored before they existed.
 */
/** Which labels a stored summary used: items of its window a person labelled, the workspace adaptation in force (null: none). */
export type SummaryLabels = { personLabelled: number; adaptationVersion: number | null };

export type FeedbackSummary = { totals: FeedbackTotals; byCategory: CategoryCounts[]; bySource?: SourceCounts[]; byKind?: Record<SourceKind, KindTotals>; patterns: FeedbackPattern[]; labels?: SummaryLabels };

/** `sourceType IN (what people wrote)`, for the SQL of both summaries. */
export const writtenSql = (alias: string) => Prisma.sql`${Prisma.raw(alias)}."sourceType" IN (${Prisma.join([...WRITTEN_SOURCE_TYPES])})`;

export type SummaryRow = { totals: FeedbackTotals; by_category: CategoryCounts[] | null; by_source: SourceCounts[] | null; patterns: FeedbackPattern[] | null };

/** The summary of a statement's row: per-source counts in list order, their per-kind totals. */
export function toSummary(row: SummaryRow): FeedbackSummary {
  const bySource = [...(row.by_source ?? [])].sort((a, b) => compareSourceTypes(a.sourceType, b.sourceType));
  return { totals: row.totals, byCategory: row.by_category ?? [], bySource, byKind: kindTotals(bySource), patterns: row.patterns ?? [] };
}

/**
 * One statement: the window's items are read once (MATERIALIZED, without their text), grouped by
 * (category, sentiment, agent, written or not) with hash aggregates — no sort of the whole window —
 * then: totals and sentiment × category from those groups, per source type × sentiment from the
 * items; patterns = (category, sentiment) with >= 3 distinct agents (exact: `capped` is always
 * false here), `itemCount` every item of the pair; examples of one kind — written when the pattern
 * has a written item from an agent, else signals —: the 3 agents whose newest item of that kind is
 * newest (ties: agentId), each with that item (ties: smallest id), their text fetched by id only
 * for those few rows — the same picks as the live breakdown (feedback-breakdown.ts). Negative
 * patterns first, then by agent count.
 */
export async function summarizeFeedback(w: FeedbackWindow, client: Tx | typeof db = db): Promise<FeedbackSummary> {
  const [row] = await client.$queryRaw<SummaryRow[]>`
    WITH items AS MATERIALIZED (
      SELECT fi."id", fi."agentId", fi."sentiment"::text AS sentiment, fi."category"::text AS category, fi."occurredAt", fi."sourceType", ${writtenSql("fi")} AS written
      FROM "FeedbackItem" fi WHERE ${itemWhere(w)}
    ),
    per_agent AS MATERIALIZED (
      SELECT category, sentiment, "agentId", written, count(*)::int AS n, max("occurredAt") AS last
      FROM items GROUP BY category, sentiment, "agentId", written
    ),
    by_source AS (
      SELECT "sourceType", count(*) FILTER (WHERE sentiment = 'positive')::int AS positive,
        count(*) FILTER (WHERE sentiment = 'negative')::int AS negative, count(*) FILTER (WHERE sentiment = 'neutral')::int AS neutral
      FROM items GROUP BY "sourceType"
    ),
    by_cat AS (
      SELECT category, COALESCE(sum(n) FILTER (WHERE sentiment = 'positive'), 0)::int AS positive,
        COALESCE(sum(n) FILTER (WHERE sentiment = 'negative'), 0)::int AS negative, COALESCE(sum(n) FILTER (WHERE sentiment = 'neutral'), 0)::int AS neutral
      FROM per_agent GROUP BY category
    ),
    -- MATERIALIZED: computed once. Inlined, a planner without statistics on freshly written items
    -- (estimating 1 row) re-ran groups and top_agents for every item it joined (26 s for 7,000).
    groups AS MATERIALIZED (
      SELECT category, sentiment, count(DISTINCT "agentId")::int AS agent_count, sum(n)::int AS item_count,
        COALESCE(bool_or(written) FILTER (WHERE "agentId" IS NOT NULL), false) AS written
      FROM per_agent GROUP BY category, sentiment HAVING count(DISTINCT "agentId") >= ${PATTERN_MIN_AGENTS}
    ),
    -- Examples of one kind: written when the pattern has written items from agents, else signals.
    top_agents AS MATERIALIZED (
      SELECT * FROM (
        SELECT p.category, p.sentiment, p."agentId", p.written, p.last, row_number() OVER (PARTITION BY p.category, p.sentiment ORDER BY p.last DESC, p."agentId") AS rank
        FROM per_agent p JOIN groups g USING (category, sentiment) WHERE p."agentId" IS NOT NULL AND p.written = g.written
      ) x WHERE rank <= ${PATTERN_EXAMPLES}
    ),
    picked AS (
      SELECT DISTINCT ON (t.category, t.sentiment, t."agentId") t.category, t.sentiment, t."agentId", t.last, i."id"
      FROM top_agents t JOIN items i ON i.category = t.category AND i.sentiment = t.sentiment AND i."agentId" = t."agentId" AND i."occurredAt" = t.last AND i.written = t.written
      ORDER BY t.category, t.sentiment, t."agentId", i."id"
    ),
    examples AS (
      SELECT p.category, p.sentiment,
        json_agg(json_build_object('itemId', p."id", 'agentId', p."agentId", 'sourceType', fi."sourceType", 'detail', left(fi."detail", 300)) ORDER BY p.last DESC, p."agentId") AS examples
      FROM picked p JOIN "FeedbackItem" fi ON fi."id" = p."id"
      GROUP BY p.category, p.sentiment
    )
    SELECT
      (SELECT json_build_object('items', COALESCE(sum(positive + negative + neutral), 0)::int, 'positive', COALESCE(sum(positive), 0)::int,
         'negative', COALESCE(sum(negative), 0)::int, 'neutral', COALESCE(sum(neutral), 0)::int) FROM by_cat) AS totals,
      (SELECT json_agg(json_build_object('category', category, 'positive', positive, 'negative', negative, 'neutral', neutral)
         ORDER BY negative DESC, positive + negative + neutral DESC, category) FROM by_cat) AS by_category,
      (SELECT json_agg(json_build_object('sourceType', "sourceType", 'positive', positive, 'negative', negative, 'neutral', neutral)) FROM by_source) AS by_source,
      (SELECT json_agg(json_build_object('category', g.category, 'sentiment', g.sentiment, 'agentCount', g.agent_count, 'capped', false, 'itemCount', g.item_count, 'examples', e.examples)
         ORDER BY CASE g.sentiment WHEN 'negative' THEN 0 WHEN 'positive' THEN 1 ELSE 2 END, g.agent_count DESC, g.item_count DESC, g.category)
       FROM groups g JOIN examples e USING (category, sentiment)) AS patterns`;
  return toSummary(row);
}
