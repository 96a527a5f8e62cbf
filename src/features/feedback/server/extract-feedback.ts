import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { SOURCE_TYPES, type Sentiment, type SourceType } from "../rules";
import { MAX_ATTEMPTS } from "./classify-pending";
import { itemWhere, pendingWhere, type FeedbackWindow } from "./window";
import { withoutJit } from "./without-jit";

// Feedback extraction for a template's window. Every source row was dealt with at WRITE time
// (triggers generated from ../rules.ts by ../rules-sql.ts): each decision, rated run,
// report-confidence signal and quality score already has its FeedbackItem, and every written text
// (observation, decision reason) a PendingFeedback marker until the background job labels it. So
// extraction only READS — the window's counts from FeedbackCountBlock (whole blocks of 65,536
// counters, kept by FeedbackItem's own triggers) plus FeedbackItem for the partial blocks at the
// two edges, and the markers by (templateId, sourceCounter) — and never loops per agent.
//
// The window is the source rows' change counter `(sinceCounter, untilCounter]` (items carry their
// source row's counter as sourceCounter) and/or a time range on each source's own time (occurredAt:
// decidedAt, ratedAt, createdAt of reports and observations, startedAt for quality scores).
//
// A window never passes a text still waiting for the classifier: it ends just before the oldest
// one (`waitingFrom`), so what a ritual acknowledges has every label it will ever get, and the
// texts after it are read by the next window. Texts given up after MAX_ATTEMPTS do not hold it.

/** pendingIds is a sample (oldest first). */
export const PENDING_IDS_LIMIT = 1_000;

export type ExtractFeedbackInput = FeedbackWindow;

export type SourceCounts = Record<Sentiment, number> & { total: number };
export type ExtractFeedbackResult = {
  /**
   * Acknowledge this counter: the highest source change counter among the window's items and
   * given-up texts (sinceCounter when none), or, when a text of the window still waits for the
   * classifier, the counter just before the oldest such text.
   */
  coveredUntilCounter: number;
  /** The window's FeedbackItem rows per source and sentiment, up to coveredUntilCounter. */
  counts: Record<SourceType, SourceCounts>;
  /** Written texts of the requested window not labeled yet (waiting for the classifier, or given up). */
  pendingTexts: number;
  /** Of those, the ones given up after MAX_ATTEMPTS failed tries. */
  givenUpTexts: number;
  /** The waiting texts' source ids, oldest first (a sample of PENDING_IDS_LIMIT). */
  pendingIds: string[];
  /** The counter of the oldest text still waiting (the window ends just before it), or null. */
  waitingFrom: number | null;
};

type Row = {
  covered: bigint | null;
  counts: { source: SourceType; sentiment: Sentiment; n: number }[] | null;
  pending: number;
  given_up: number;
  given_up_covered: bigint | null;
  pending_ids: string[] | null;
};

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
  // The oldest text still waiting for the classifier ends the window (one probe of the marker index).
  const [{ waiting }] = await db.$queryRaw<{ waiting: bigint | null }[]>`
    SELECT min(p."sourceCounter") AS waiting FROM "PendingFeedback" p WHERE ${pendingWhere({ ...input, sinceCounter: since })} AND p."attempts" < ${MAX_ATTEMPTS}`;
  const waitingFrom = waiting === null ? null : Number(waiting);
  const until = waitingFrom === null ? input.untilCounter : Math.min(input.untilCounter ?? Number.POSITIVE_INFINITY, waitingFrom - 1);
  const split = dated ? { blocks: null, raw: [[since, until ?? null] as [number, number | null]] } : splitCounterWindow(since, until);
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
      SELECT p."sourceId", p."sourceCounter", p."attempts" >= ${MAX_ATTEMPTS} AS given_up FROM "PendingFeedback" p WHERE ${pendingWhere({ ...input, sinceCounter: since })}
    )
    SELECT
      (SELECT max(covered) FROM counts) AS covered,
      (SELECT json_agg(json_build_object('source', source, 'sentiment', sentiment, 'n', n)) FROM counts) AS counts,
      (SELECT count(*)::int FROM pending) AS pending,
      (SELECT count(*)::int FROM pending WHERE given_up) AS given_up,
      (SELECT max("sourceCounter") FROM pending WHERE given_up AND "sourceCounter" <= ${until ?? Number.MAX_SAFE_INTEGER}) AS given_up_covered,
      (SELECT array_agg("sourceId") FROM (SELECT "sourceId" FROM pending WHERE NOT given_up ORDER BY "sourceCounter", "sourceId" LIMIT ${PENDING_IDS_LIMIT}) s) AS pending_ids`);

  const empty = (): SourceCounts => ({ positive: 0, negative: 0, neutral: 0, total: 0 });
  const counts = Object.fromEntries(SOURCE_TYPES.map((t) => [t, empty()])) as ExtractFeedbackResult["counts"];
  for (const c of row.counts ?? []) {
    const bucket = counts[c.source];
    if (!bucket) continue;
    bucket[c.sentiment] += c.n;
    bucket.total += c.n;
  }
  const covered = Math.max(since, Number(row.covered ?? since), Number(row.given_up_covered ?? since));
  return {
    coveredUntilCounter: waitingFrom === null ? covered : Math.max(since, waitingFrom - 1),
    counts,
    pendingTexts: row.pending,
    givenUpTexts: row.given_up,
    pendingIds: row.pending_ids ?? [],
    waitingFrom,
  };
}
