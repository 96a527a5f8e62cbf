import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { DEFAULT_TOOL_CATEGORY, QUALITY, RATING, REPORT_CONFIDENCE, TOOL_CATEGORY, type Sentiment, type SourceType } from "../rules";
import { sourceWhere, type FeedbackWindow } from "./window";
import { withoutJit } from "./without-jit";

// Feedback extraction (seed 000 §5.3) as ONE set-based statement over all instances of a template —
// no loop per agent. Rule-classified structured sources go straight into FeedbackItem with
// INSERT … SELECT … ON CONFLICT ("sourceType", "sourceId") DO NOTHING (each source row is
// classified once; re-running is free). Observations (free text) are only counted here: they are
// classified by classify-observations.ts (keyword rules, then the model).
//
// Rules (constants in ../rules.ts), all classifiedBy "rule", confidence 1:
//   decision          rejected → negative, confirmed → positive, deferred → neutral; category by
//                     tool (propose_estimate/propose_status → accuracy, propose_checklist_items →
//                     prioritization, other → tooling); detail = reason, else "Confirmed <tool>".
//   rating            userRating < 0.3 negative, > 0.7 positive, else neutral; category general.
//   report_confidence confidence < 0.4, or a drop ≥ 0.2 vs the same agent's previous report (LAG;
//                     for an agent's first report in the window, its newest earlier report) →
//                     negative; ≥ 0.8 → positive; otherwise no item. Category accuracy.
//   quality_score     self-refine qualityScore < 0.7 → negative, ≥ 0.9 → positive, otherwise no item.
//                     Category accuracy.
// Time columns for date windows: decidedAt, ratedAt, createdAt (reports, observations), startedAt
// (quality). The counter window applies to the source row's changeCounter (a rating restamps its run).

/** pendingObservationIds is a sample (oldest first); classify-observations re-selects by anti-join. */
export const PENDING_IDS_LIMIT = 1_000;

export type ExtractFeedbackInput = FeedbackWindow;

export type SourceCounts = Record<Sentiment, number> & { total: number };
export type ExtractFeedbackResult = {
  /** Highest change counter among the window's source rows (sinceCounter when none): acknowledge it. */
  coveredUntilCounter: number;
  /** Rule-classified items of the window per source and sentiment (already stored ones included). */
  counts: Record<Exclude<SourceType, "observation">, SourceCounts>;
  /** New FeedbackItem rows written by this call. */
  inserted: number;
  /** Observations of the window not classified yet. */
  pendingObservations: number;
  pendingObservationIds: string[];
};

const tx = (s: string) => Prisma.raw(s);
const toolCategorySql = () =>
  tx(`CASE d."tool" ${Object.entries(TOOL_CATEGORY).map(([tool, c]) => `WHEN '${tool}' THEN '${c}'`).join(" ")} ELSE '${DEFAULT_TOOL_CATEGORY}' END`);

type Row = { covered: bigint | null; counts: { source: string; sentiment: Sentiment; n: number }[] | null; inserted: number; pending: number; pending_ids: string[] | null };

export async function extractFeedback(input: ExtractFeedbackInput): Promise<ExtractFeedbackResult> {
  const { workspaceId, templateId } = input;
  const since = input.sinceCounter ?? 0;
  const eps = 1e-9;
  const [row] = await withoutJit((tx) => tx.$queryRaw<Row[]>`
    WITH
    dec AS MATERIALIZED (
      SELECT d."id", d."agentId", d."changeCounter" AS counter, d."decidedAt" AS at,
        CASE d."verdict" WHEN 'rejected' THEN 'negative' WHEN 'confirmed' THEN 'positive' ELSE 'neutral' END AS sentiment,
        ${toolCategorySql()} AS category,
        COALESCE(NULLIF(btrim(d."reason"), ''), initcap(d."verdict"::text) || ' ' || d."tool") AS detail
      FROM "ChangeDecision" d WHERE ${sourceWhere(input, "d", "decidedAt")}
    ),
    runs AS MATERIALIZED (
      SELECT r."id", r."agentId", r."changeCounter" AS counter, r."startedAt", r."ratedAt", r."userRating", r."qualityScore", r."iterations"
      FROM "WakeRun" r
      WHERE ${sourceWhere({ ...input, since: undefined, until: undefined }, "r", "startedAt")} AND (r."userRating" IS NOT NULL OR r."qualityScore" IS NOT NULL)
    ),
    rat AS (
      SELECT "id", "agentId", counter, "ratedAt" AS at,
        CASE WHEN "userRating" < ${RATING.negativeBelow} THEN 'negative' WHEN "userRating" > ${RATING.positiveAbove} THEN 'positive' ELSE 'neutral' END AS sentiment,
        'general' AS category, 'Rated ' || trim_scale(round("userRating"::numeric, 2))::text AS detail
      FROM runs WHERE "userRating" IS NOT NULL
        ${input.since ? Prisma.sql`AND "ratedAt" >= ${input.since}` : Prisma.empty} ${input.until ? Prisma.sql`AND "ratedAt" < ${input.until}` : Prisma.empty}
    ),
    qual AS (
      SELECT "id", "agentId", counter, "startedAt" AS at,
        CASE WHEN "qualityScore" < ${QUALITY.negativeBelow} THEN 'negative' ELSE 'positive' END AS sentiment,
        'accuracy' AS category,
        'Quality score ' || trim_scale(round("qualityScore"::numeric, 2))::text || COALESCE(' after ' || "iterations" || ' iteration' || CASE WHEN "iterations" = 1 THEN '' ELSE 's' END, '') AS detail
      FROM runs WHERE ("qualityScore" < ${QUALITY.negativeBelow} OR "qualityScore" >= ${QUALITY.positiveFrom})
        ${input.since ? Prisma.sql`AND "startedAt" >= ${input.since}` : Prisma.empty} ${input.until ? Prisma.sql`AND "startedAt" < ${input.until}` : Prisma.empty}
    ),
    rep_window AS MATERIALIZED (
      SELECT p."id", p."agentId", p."changeCounter" AS counter, p."createdAt" AS at, p."confidence",
        lag(p."confidence") OVER w AS lag_confidence, row_number() OVER w AS rn
      FROM "AgentReport" p WHERE ${sourceWhere(input, "p", "createdAt")} AND p."confidence" IS NOT NULL
      WINDOW w AS (PARTITION BY p."agentId" ORDER BY p."createdAt", p."id")
    ),
    rep_prev AS MATERIALIZED (
      SELECT x.*, CASE WHEN x.rn = 1 THEN (
          SELECT e."confidence" FROM "AgentReport" e
          WHERE e."agentId" = x."agentId" AND e."createdAt" < x.at AND e."confidence" IS NOT NULL
          ORDER BY e."createdAt" DESC LIMIT 1) ELSE x.lag_confidence END AS previous
      FROM rep_window x
    ),
    rep AS (
      SELECT "id", "agentId", counter, at, sentiment, 'accuracy' AS category,
        'Report confidence ' || trim_scale(round("confidence"::numeric, 2))::text || COALESCE(' (was ' || trim_scale(round(previous::numeric, 2))::text || ')', '') AS detail
      FROM (SELECT *, CASE WHEN "confidence" < ${REPORT_CONFIDENCE.negativeBelow} THEN 'negative'
                           WHEN previous - "confidence" >= ${REPORT_CONFIDENCE.dropAtLeast - eps} THEN 'negative'
                           WHEN "confidence" >= ${REPORT_CONFIDENCE.positiveFrom} THEN 'positive' END AS sentiment FROM rep_prev) y
      WHERE sentiment IS NOT NULL
    ),
    obs AS MATERIALIZED (
      SELECT m."id", m."changeCounter" AS counter,
        NOT EXISTS (SELECT 1 FROM "FeedbackItem" fi WHERE fi."sourceType" = 'observation' AND fi."sourceId" = m."id") AS pending
      FROM "AgentMessage" m WHERE ${sourceWhere(input, "m", "createdAt")} AND m."kind" = 'observation'
    ),
    src AS (
      SELECT 'decision' AS source, * FROM dec
      UNION ALL SELECT 'rating', * FROM rat
      UNION ALL SELECT 'report_confidence', * FROM rep
      UNION ALL SELECT 'quality_score', * FROM qual
    ),
    ins AS (
      INSERT INTO "FeedbackItem" ("id", "workspaceId", "templateId", "agentId", "sourceType", "sourceId", "sentiment", "category", "confidence", "classifiedBy", "detail", "sourceCounter", "occurredAt")
      SELECT gen_random_uuid()::text, ${workspaceId}, ${templateId}, "agentId", source, "id", sentiment::"Sentiment", category::"FeedbackCategory", 1, 'rule', detail, counter, at
      FROM src
      ON CONFLICT ("sourceType", "sourceId") DO NOTHING
      RETURNING 1
    )
    SELECT
      GREATEST((SELECT max(counter) FROM dec), (SELECT max(counter) FROM runs), (SELECT max(counter) FROM rep_window), (SELECT max(counter) FROM obs)) AS covered,
      (SELECT json_agg(c) FROM (SELECT source, sentiment, count(*)::int AS n FROM src GROUP BY source, sentiment) c) AS counts,
      (SELECT count(*)::int FROM ins) AS inserted,
      (SELECT count(*)::int FROM obs WHERE pending) AS pending,
      (SELECT array_agg("id") FROM (SELECT "id" FROM obs WHERE pending ORDER BY counter LIMIT ${PENDING_IDS_LIMIT}) s) AS pending_ids`);

  const empty = (): SourceCounts => ({ positive: 0, negative: 0, neutral: 0, total: 0 });
  const counts: ExtractFeedbackResult["counts"] = { decision: empty(), rating: empty(), report_confidence: empty(), quality_score: empty() };
  for (const c of row.counts ?? []) {
    const bucket = counts[c.source as keyof typeof counts];
    bucket[c.sentiment] += c.n;
    bucket.total += c.n;
  }
  return {
    coveredUntilCounter: row.covered === null ? since : Math.max(since, Number(row.covered)),
    counts,
    inserted: row.inserted,
    pendingObservations: row.pending,
    pendingObservationIds: row.pending_ids ?? [],
  };
}
