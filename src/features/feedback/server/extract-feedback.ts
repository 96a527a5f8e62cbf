import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Sentiment, SourceType } from "../rules";
import { itemWhere, pendingWhere, type FeedbackWindow } from "./window";
import { withoutJit } from "./without-jit";

// Feedback extraction for a template's window. The rules classify every source row
// at WRITE time (triggers generated from ../rules.ts by ../rules-sql.ts, installed by the migration
// *_feedback_write_time): each decision, rated run, report-confidence signal, quality score and
// rule-confident observation already has its FeedbackItem, and every other observation a
// PendingObservation marker, written in the same transaction as the source row. So extraction
// only READS, in one statement — the window's counts from FeedbackCountBlock (whole blocks of 65,536
// counters, kept by FeedbackItem's own triggers) plus FeedbackItem for the partial blocks at the two
// edges, and the PendingObservation markers by (templateId, sourceCounter) — and never loops per
// agent or re-evaluates a rule.
//
// The window is the source rows' change counter `(sinceCounter, untilCounter]` (items carry their
// source row's counter as sourceCounter) and/or a time range on each source's own time (occurredAt:
// decidedAt, ratedAt, createdAt of reports and observations, startedAt for quality scores).

/** pendingObservationIds is a sample (oldest first); classify-observations reads the markers itself. */
export const PENDING_IDS_LIMIT = 1_000;

export type ExtractFeedbackInput = FeedbackWindow;

export type SourceCounts = Record<Sentiment, number> & { total: number };
export type ExtractFeedbackResult = {
  /** Highest source change counter among the window's items and pending observations (sinceCounter when none): acknowledge it. */
  coveredUntilCounter: number;
  /** The window's FeedbackItem rows per source and sentiment (observations: rule- and model-classified). */
  counts: Record<SourceType, SourceCounts>;
  /** Observations of the window not classified yet (waiting for the model). */
  pendingObservations: number;
  pendingObservationIds: string[];
};

type Row = { covered: bigint | null; counts: { source: SourceType; sentiment: Sentiment; n: number }[] | null; pending: number; pending_ids: string[] | null };

/** FeedbackCountBlock granularity: change counters per block (`sourceCounter >> 16`). */
export const COUNT_BLOCK = 65_536;

/**
 * The window's counter range (lo, hi] as whole blocks (read from FeedbackCountBlock) and the
 * partial blocks at its edges (read from FeedbackItem). Null when the window also has dates: then
 * every item of the range is read (a block does not know its items' times).
 */
export function splitCounterWindow(lo: number, hi: number | undefined): { blocks: [number, number | null] | null; raw: [number, number | null][] } {
  const start = lo + 1;
  const firstFull = Math.ceil(start / COUNT_BLOCK);
  const lastFull = hi === undefined ? Number.POSITIVE_INFINITY : Math.floor((hi + 1) / COUNT_BLOCK) - 1;
  if (firstFull > lastFull) return { blocks: null, raw: [[lo, hi ?? null]] };
  const raw: [number, number | null][] = [];
  if (start < firstFull * COUNT_BLOCK) raw.push([lo, firstFull * COUNT_BLOCK - 1]);
  if (hi !== undefined && hi >= (lastFull + 1) * COUNT_BLOCK) raw.push([(lastFull + 1) * COUNT_BLOCK - 1, hi]);
  return { blocks: [firstFull, hi === undefined ? null : lastFull], raw };
}

export async function extractFeedback(input: ExtractFeedbackInput): Promise<ExtractFeedbackResult> {
  const since = input.sinceCounter ?? 0;
  const { workspaceId, templateId } = input;
  const dated = Boolean(input.since || input.until);
  const split = dated ? { blocks: null, raw: [[since, input.untilCounter ?? null] as [number, number | null]] } : splitCounterWindow(since, input.untilCounter);
  // Items per source × sentiment: whole blocks from the counts the FeedbackItem triggers keep, the
  // edges (or a dated window) from the items themselves — a few thousand rows instead of the week.
  const rawItems = split.raw.length
    ? Prisma.join(
        split.raw.map(([lo, hi]) => Prisma.sql`(${itemWhere({ workspaceId, templateId, sinceCounter: lo, untilCounter: hi ?? undefined, since: input.since, until: input.until })})`),
        " OR ",
      )
    : Prisma.sql`false`;
  const blocks = split.blocks
    ? Prisma.sql`SELECT b."sourceType" AS source, b."sentiment"::text AS sentiment, b."items" AS n, b."maxCounter" AS covered
        FROM "FeedbackCountBlock" b
        WHERE b."templateId" = ${templateId} AND b."workspaceId" = ${workspaceId} AND b."block" >= ${split.blocks[0]}::bigint
          ${split.blocks[1] === null ? Prisma.empty : Prisma.sql`AND b."block" <= ${split.blocks[1]}::bigint`} AND b."items" > 0
        UNION ALL`
    : Prisma.empty;
  // JIT off: a large window's estimate can pass jit_above_cost, and compiling costs more than running.
  const [row] = await withoutJit((tx) => tx.$queryRaw<Row[]>`
    WITH counts AS (
      SELECT source, sentiment, sum(n)::int AS n, max(covered) AS covered FROM (
        ${blocks}
        SELECT fi."sourceType" AS source, fi."sentiment"::text AS sentiment, 1 AS n, fi."sourceCounter" AS covered FROM "FeedbackItem" fi WHERE ${rawItems}
      ) x GROUP BY 1, 2
    ), pending AS MATERIALIZED (
      SELECT p."messageId", p."sourceCounter" FROM "PendingObservation" p WHERE ${pendingWhere({ ...input, sinceCounter: since })}
    )
    SELECT
      GREATEST((SELECT max(covered) FROM counts), (SELECT max("sourceCounter") FROM pending)) AS covered,
      (SELECT json_agg(json_build_object('source', source, 'sentiment', sentiment, 'n', n)) FROM counts) AS counts,
      (SELECT count(*)::int FROM pending) AS pending,
      (SELECT array_agg("messageId") FROM (SELECT "messageId" FROM pending ORDER BY "sourceCounter", "messageId" LIMIT ${PENDING_IDS_LIMIT}) s) AS pending_ids`);

  const empty = (): SourceCounts => ({ positive: 0, negative: 0, neutral: 0, total: 0 });
  const counts: ExtractFeedbackResult["counts"] = { observation: empty(), decision: empty(), rating: empty(), report_confidence: empty(), quality_score: empty() };
  for (const c of row.counts ?? []) {
    const bucket = counts[c.source];
    if (!bucket) continue;
    bucket[c.sentiment] += c.n;
    bucket.total += c.n;
  }
  return {
    coveredUntilCounter: row.covered === null ? since : Math.max(since, Number(row.covered)),
    counts,
    pendingObservations: row.pending,
    pendingObservationIds: row.pending_ids ?? [],
  };
}
