import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { ts } from "./sql";

// Totals of a template over consecutive periods [b0, b1), [b1, b2), … read from the daily rollup
// (TemplateDailyStats, maintained at write time by triggers: migration *_dashboard_rollup) for the
// whole UTC days inside them, and from WakeRun / ChangeDecision only for the partial days at
// non-midnight boundaries (at most one day per boundary, an index range each). Exact — the same
// numbers as aggregating the raw rows — at a cost that grows with days, not with rows. Score sums
// are numeric (exact: a re-rating subtracts and adds without float drift).

export type PeriodTotals = {
  runs: number;
  qualitySum: number;
  qualityCount: number;
  ratingSum: number;
  ratingCount: number;
  durationSum: number;
  durationCount: number;
  tokens: number;
  confirmed: number;
  rejected: number;
};

const DAY_MS = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Row = { b: number } & { [K in keyof PeriodTotals]: number | string | bigint | null };

/** `boundaries` ascending; returns one PeriodTotals per period (boundaries.length − 1). */
export async function readPeriods({ workspaceId, templateId, boundaries }: { workspaceId: string; templateId: string; boundaries: Date[] }): Promise<PeriodTotals[]> {
  const n = boundaries.length - 1;
  const empty = (): PeriodTotals => ({ runs: 0, qualitySum: 0, qualityCount: 0, ratingSum: 0, ratingCount: 0, durationSum: 0, durationCount: 0, tokens: 0, confirmed: 0, rejected: 0 });
  if (n < 1) return [];
  const first = boundaries[0];
  const last = boundaries[n];
  // Days cut by a boundary are read raw (clipped to [first, last)); every other day from the rollup.
  const partialDays = [...new Set(boundaries.filter((b) => b.getTime() % DAY_MS !== 0).map((b) => floorDay(b).getTime()))].map((t) => new Date(t));
  const raw = partialDays
    .map((d) => ({ from: new Date(Math.max(d.getTime(), first.getTime())), to: new Date(Math.min(d.getTime() + DAY_MS, last.getTime())) }))
    .filter((s) => s.from < s.to);
  const thresholds = Prisma.sql`ARRAY[${Prisma.join(boundaries.map((b) => ts(b)))}]::timestamp[]`;
  const rawWhere = (col: string) =>
    raw.length ? Prisma.join(raw.map((s) => Prisma.sql`(${Prisma.raw(`"${col}"`)} >= ${ts(s.from)} AND ${Prisma.raw(`"${col}"`)} < ${ts(s.to)})`), " OR ") : Prisma.sql`false`;
  const dayFrom = ceilDay(first);
  const dayTo = floorDay(last);

  const rows = await db.$queryRaw<Row[]>`
    SELECT b, sum(runs)::int AS runs, sum(qs)::float8 AS "qualitySum", sum(qc)::int AS "qualityCount", sum(rs)::float8 AS "ratingSum", sum(rc)::int AS "ratingCount",
      sum(ds)::float8 AS "durationSum", sum(dc)::int AS "durationCount", sum(tk)::float8 AS tokens, sum(c)::int AS confirmed, sum(r)::int AS rejected
    FROM (
      SELECT width_bucket(s."day"::timestamp, ${thresholds}) AS b, s."runs" AS runs, s."qualitySum" AS qs, s."qualityCount" AS qc, s."ratingSum" AS rs, s."ratingCount" AS rc,
        s."durationSum" AS ds, s."durationCount" AS dc, s."tokens" AS tk, s."confirmed" AS c, s."rejected" AS r
      FROM "TemplateDailyStats" s
      WHERE s."templateId" = ${templateId} AND s."workspaceId" = ${workspaceId}
        AND s."day" >= ${isoDay(dayFrom)}::date AND s."day" < ${isoDay(dayTo)}::date
        ${partialDays.length ? Prisma.sql`AND s."day" <> ALL(${partialDays.map(isoDay)}::date[])` : Prisma.empty}
      UNION ALL
      SELECT width_bucket(w."startedAt", ${thresholds}), 1, COALESCE(w."qualityScore", 0)::numeric, (w."qualityScore" IS NOT NULL)::int, COALESCE(w."userRating", 0)::numeric, (w."userRating" IS NOT NULL)::int,
        COALESCE(w."durationMs", 0), (w."durationMs" IS NOT NULL)::int, w."inputTokens" + w."outputTokens", 0, 0
      FROM "WakeRun" w
      WHERE w."templateId" = ${templateId} AND w."workspaceId" = ${workspaceId} AND (${rawWhere("startedAt")})
      UNION ALL
      SELECT width_bucket(d."decidedAt", ${thresholds}), 0, 0, 0, 0, 0, 0, 0, 0, (d."verdict" = 'confirmed')::int, (d."verdict" = 'rejected')::int
      FROM "ChangeDecision" d
      WHERE d."templateId" = ${templateId} AND d."workspaceId" = ${workspaceId} AND (${rawWhere("decidedAt")})
    ) x
    WHERE b BETWEEN 1 AND ${n}
    GROUP BY b`;
  const out = Array.from({ length: n }, empty);
  for (const row of rows) {
    const t = out[Number(row.b) - 1];
    for (const key of Object.keys(t) as (keyof PeriodTotals)[]) t[key] = Number(row[key] ?? 0);
  }
  return out;
}

export const average = (sum: number, count: number) => (count > 0 ? sum / count : null);
