import "server-only";
import { ts } from "@/features/dashboards/server";
import { Prisma } from "@/generated/prisma/client";
import { PATTERN_EXAMPLES, PATTERN_MIN_AGENTS, toSummary, writtenSql, type FeedbackSummary, type SummaryRow } from "./summarize-feedback";
import { endsAtPresent } from "@/lib/present";
import { withoutJit } from "./without-jit";

// The template page's feedback breakdown over a date window [since, until), at a cost that grows
// with days and patterns, not with items (bench/README.md, template dashboard):
// - totals, sentiment × category and per source type: the whole UTC days from FeedbackDailyCount (kept by triggers
//   on FeedbackItem, migration *_feedback_daily_counts), the partial days at the two edges from
//   FeedbackItem — exact; a window ending now reads today from the rollup too;
// - patterns: per (category, sentiment) with >= 3 items, its DISTINCT agents counted up to
//   PATTERN_AGENT_CAP through the index (templateId, category, sentiment, occurredAt, agentId),
//   read backward; examples = the newest item of each of the 3 agents whose newest item is newest,
//   among the pattern's written items when it has one (from an agent), else among its signals;
// - items per source type × sentiment (and so written vs signal): the same daily counts (they have
//   a source-type dimension) and edges.

/** Distinct agents are counted up to this many; above it a pattern says "1,000+ agents". */
export const PATTERN_AGENT_CAP = 1_000;
/**
 * How many of a group's newest items are read to count its agents. Postgres cannot stop a hashed
 * DISTINCT early, so the count reads a bounded prefix: when it holds every item of the window the
 * count is exact; when it already holds >= PATTERN_AGENT_CAP agents the pattern is capped; only
 * otherwise (many items from fewer agents than the cap) the whole window of that group is read.
 */
export const PATTERN_AGENT_SCAN = 2 * PATTERN_AGENT_CAP;

const DAY_MS = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);
const isoDay = (d: Date) => Prisma.sql`${d.toISOString().slice(0, 10)}::date`;

/** Sentiment × category and cross-agent patterns of a template's FeedbackItem rows with occurredAt in [since, until). */
export async function summarizeFeedbackByDate({ workspaceId, templateId, since, until, now = new Date() }: { workspaceId: string; templateId: string; since: Date; until: Date; now?: Date }): Promise<FeedbackSummary> {
  // Whole UTC days [dayFrom, dayTo) from the rollup; the rest of [since, until) from the items. A
  // window that ends at the present takes its last day whole from the rollup: no item lies after
  // now, so today's items are never read one by one.
  let dayFrom = ceilDay(since);
  let dayTo = endsAtPresent(until, now) ? ceilDay(until) : floorDay(until);
  if (dayFrom >= dayTo) dayFrom = dayTo = since;
  const edges = [
    [since, dayFrom],
    [dayTo, until],
  ].filter(([a, b]) => a < b);
  const edgeWhere = edges.length ? Prisma.join(edges.map(([a, b]) => Prisma.sql`(fi."occurredAt" >= ${ts(a)} AND fi."occurredAt" < ${ts(b)})`), " OR ") : Prisma.sql`false`;
  // One (category, sentiment) group of the window, read through the pattern index.
  const group = (alias: string) =>
    Prisma.sql`${Prisma.raw(alias)}."templateId" = ${templateId} AND ${Prisma.raw(alias)}."category" = g.category AND ${Prisma.raw(alias)}."sentiment" = g.sentiment
      AND ${Prisma.raw(alias)}."occurredAt" >= ${ts(since)} AND ${Prisma.raw(alias)}."occurredAt" < ${ts(until)} AND ${Prisma.raw(alias)}."agentId" IS NOT NULL`;
  // Items of the kind the pattern's examples are of (g.written).
  const ofKind = (alias: string) => Prisma.sql`(${writtenSql(alias)}) = g.written`;

  // JIT off: the planner prices the rarely-run full-window fallback per group, so the estimate
  // passes jit_above_cost and compiling took 1.4 s of a 1.5 s call at 90 days (bench/README.md).
  const [row] = await withoutJit((tx) => tx.$queryRaw<SummaryRow[]>`
    WITH source_counts AS MATERIALIZED (
      SELECT category, sentiment, "sourceType", sum(n)::int AS n FROM (
        SELECT d."category", d."sentiment", d."sourceType", d."items"::bigint AS n
        FROM "FeedbackDailyCount" d
        WHERE d."templateId" = ${templateId} AND d."workspaceId" = ${workspaceId} AND d."day" >= ${isoDay(dayFrom)} AND d."day" < ${isoDay(dayTo)}
        UNION ALL
        SELECT fi."category", fi."sentiment", fi."sourceType", count(*)
        FROM "FeedbackItem" fi
        WHERE fi."templateId" = ${templateId} AND fi."workspaceId" = ${workspaceId} AND (${edgeWhere})
        GROUP BY 1, 2, 3
      ) x GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ),
    counts AS MATERIALIZED (
      SELECT category, sentiment, sum(n)::int AS n FROM source_counts GROUP BY 1, 2
    ),
    -- Agents per group: the newest PATTERN_AGENT_SCAN items (index-only, backward); the whole
    -- window only when that prefix is neither complete nor already at the cap. Groups of the
    -- workspace-scoped counts only (a foreign template id has none).
    agents AS MATERIALIZED (
      SELECT g.category, g.sentiment, g.n,
        CASE WHEN s.scanned < ${PATTERN_AGENT_SCAN} OR s.agents >= ${PATTERN_AGENT_CAP} THEN s.agents
          ELSE (SELECT count(DISTINCT fi."agentId")::int FROM "FeedbackItem" fi WHERE ${group("fi")}) END AS agents,
        NOT (s.scanned >= ${PATTERN_AGENT_SCAN} AND s.agents >= ${PATTERN_AGENT_CAP}) AS exact
      FROM counts g
      CROSS JOIN LATERAL (
        SELECT count(DISTINCT r."agentId")::int AS agents, count(*)::int AS scanned
        FROM (SELECT fi."agentId" FROM "FeedbackItem" fi WHERE ${group("fi")} ORDER BY fi."occurredAt" DESC LIMIT ${PATTERN_AGENT_SCAN}) r
      ) s
      WHERE g.n >= ${PATTERN_MIN_AGENTS}
    ),
    -- The kind the examples are of: written when the pattern has a written item from an agent
    -- (a backward scan that stops at the newest one), else signals.
    patterns AS (
      SELECT g.*, EXISTS (SELECT 1 FROM "FeedbackItem" fi WHERE ${group("fi")} AND ${writtenSql("fi")}) AS written
      FROM agents g WHERE g.agents >= ${PATTERN_MIN_AGENTS}
    ),
    -- Examples of that kind: the newest item's agent, then the newest of another agent, then of a
    -- third (ties: agentId), each a backward index scan that stops at its first hit; the item at
    -- that (agent, time) with the smallest id.
    picks AS (
      SELECT g.category, g.sentiment, g.written, k.rank, k."agentId", k.last
      FROM patterns g
      CROSS JOIN LATERAL (SELECT fi."agentId" AS a1, fi."occurredAt" AS t1 FROM "FeedbackItem" fi WHERE ${group("fi")} AND ${ofKind("fi")} ORDER BY fi."occurredAt" DESC, fi."agentId" LIMIT 1) e1
      LEFT JOIN LATERAL (SELECT fi."agentId" AS a2, fi."occurredAt" AS t2 FROM "FeedbackItem" fi WHERE ${group("fi")} AND ${ofKind("fi")} AND fi."agentId" <> e1.a1 ORDER BY fi."occurredAt" DESC, fi."agentId" LIMIT 1) e2 ON true
      LEFT JOIN LATERAL (SELECT fi."agentId" AS a3, fi."occurredAt" AS t3 FROM "FeedbackItem" fi WHERE ${group("fi")} AND ${ofKind("fi")} AND fi."agentId" <> e1.a1 AND fi."agentId" <> e2.a2 ORDER BY fi."occurredAt" DESC, fi."agentId" LIMIT 1) e3 ON true
      CROSS JOIN LATERAL (VALUES (1, e1.a1, e1.t1), (2, e2.a2, e2.t2), (3, e3.a3, e3.t3)) k(rank, "agentId", last)
      WHERE k."agentId" IS NOT NULL AND k.rank <= ${PATTERN_EXAMPLES}
    ),
    examples AS (
      SELECT p.category, p.sentiment,
        json_agg(json_build_object('itemId', i."id", 'agentId', p."agentId", 'sourceType', i."sourceType", 'detail', left(i."detail", 300)) ORDER BY p.rank) AS examples
      FROM picks p
      CROSS JOIN LATERAL (
        SELECT fi."id", fi."detail", fi."sourceType" FROM "FeedbackItem" fi
        WHERE fi."templateId" = ${templateId} AND fi."workspaceId" = ${workspaceId} AND fi."category" = p.category AND fi."sentiment" = p.sentiment
          AND fi."occurredAt" = p.last AND fi."agentId" = p."agentId" AND (${writtenSql("fi")}) = p.written
        ORDER BY fi."id" LIMIT 1
      ) i
      GROUP BY p.category, p.sentiment
    ),
    by_cat AS (
      SELECT category::text AS category, COALESCE(sum(n) FILTER (WHERE sentiment = 'positive'), 0)::int AS positive,
        COALESCE(sum(n) FILTER (WHERE sentiment = 'negative'), 0)::int AS negative, COALESCE(sum(n) FILTER (WHERE sentiment = 'neutral'), 0)::int AS neutral
      FROM counts GROUP BY category
    ),
    by_source AS (
      SELECT "sourceType", COALESCE(sum(n) FILTER (WHERE sentiment = 'positive'), 0)::int AS positive,
        COALESCE(sum(n) FILTER (WHERE sentiment = 'negative'), 0)::int AS negative, COALESCE(sum(n) FILTER (WHERE sentiment = 'neutral'), 0)::int AS neutral
      FROM source_counts GROUP BY "sourceType"
    )
    SELECT
      (SELECT json_build_object('items', COALESCE(sum(positive + negative + neutral), 0)::int, 'positive', COALESCE(sum(positive), 0)::int,
         'negative', COALESCE(sum(negative), 0)::int, 'neutral', COALESCE(sum(neutral), 0)::int) FROM by_cat) AS totals,
      (SELECT json_agg(json_build_object('category', category, 'positive', positive, 'negative', negative, 'neutral', neutral)
         ORDER BY negative DESC, positive + negative + neutral DESC, category) FROM by_cat) AS by_category,
      (SELECT json_agg(json_build_object('sourceType', "sourceType", 'positive', positive, 'negative', negative, 'neutral', neutral)) FROM by_source) AS by_source,
      (SELECT json_agg(json_build_object('category', g.category, 'sentiment', g.sentiment, 'agentCount', LEAST(g.agents, ${PATTERN_AGENT_CAP}),
           'capped', g.agents > ${PATTERN_AGENT_CAP} OR (g.agents = ${PATTERN_AGENT_CAP} AND NOT g.exact), 'itemCount', g.n, 'examples', e.examples)
         ORDER BY CASE g.sentiment WHEN 'negative' THEN 0 WHEN 'positive' THEN 1 ELSE 2 END, LEAST(g.agents, ${PATTERN_AGENT_CAP}) DESC, g.n DESC, g.category::text)
       FROM patterns g JOIN examples e USING (category, sentiment)) AS patterns`);
  return toSummary(row);
}
