import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { endsAtPresent } from "@/lib/present";
import { db } from "@/server/db";
import { ts } from "./sql";

// Totals of a template over consecutive periods [b0, b1), [b1, b2), … read from the rollups kept
// at write time by triggers (migrations *_dashboard_rollup, *_hourly_rollup): TemplateDailyStats for
// the whole UTC days inside them, TemplateHourlyStats for the whole hours of the days a boundary
// cuts, and WakeRun / ChangeDecision only for the partial hours at boundaries that are not on the
// hour (at most one hour per boundary, an index range each). The last boundary's hour is read whole
// from the hourly rollup when that boundary is the present (now, up to 5 minutes later): no row
// lies after it. Exact — the
// same numbers as aggregating the raw rows — at a cost that grows with days and hours, not with
// rows: no dashboard query reads a day's raw rows. Score sums are numeric (exact: a re-rating
// subtracts and adds without float drift).

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
const HOUR_MS = 3_600_000;
const floorTo = (d: Date, unit: number) => new Date(Math.floor(d.getTime() / unit) * unit);
const ceilTo = (d: Date, unit: number) => new Date(Math.ceil(d.getTime() / unit) * unit);
const floorDay = (d: Date) => floorTo(d, DAY_MS);
const ceilDay = (d: Date) => ceilTo(d, DAY_MS);

type Segment = { from: Date; to: Date };

/**
 * The days cut by a boundary, clipped to [first, last), split into the whole hours the hourly
 * rollup answers and the partial hours read raw. `openEnd`: nothing exists after `last`, so its
 * hour counts as whole.
 */
export function splitPartialDays(boundaries: Date[], openEnd: boolean): { hours: Segment[]; raw: Segment[] } {
  const first = boundaries[0];
  const last = boundaries[boundaries.length - 1];
  const days = [...new Set(boundaries.filter((b) => b.getTime() % DAY_MS !== 0).map((b) => floorDay(b).getTime()))].map((t) => new Date(t));
  const hours: Segment[] = [];
  const raw: Segment[] = [];
  const add = (list: Segment[], from: Date, to: Date) => {
    if (from < to) list.push({ from, to });
  };
  for (const day of days) {
    const from = new Date(Math.max(day.getTime(), first.getTime()));
    const to = new Date(Math.min(day.getTime() + DAY_MS, last.getTime()));
    if (from >= to) continue;
    // Whole hours between boundaries; every boundary inside the day that is not on the hour
    // leaves the hour around it to the raw read.
    const cuts = [from, ...boundaries.filter((b) => b > from && b < to), to];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [a, b] = [cuts[i], cuts[i + 1]];
      const wholeEnd = b === to && openEnd && b.getTime() === last.getTime() && floorTo(b, HOUR_MS) >= a ? ceilTo(b, HOUR_MS) : floorTo(b, HOUR_MS);
      const wholeStart = ceilTo(a, HOUR_MS);
      if (wholeStart >= wholeEnd) {
        add(raw, a, b);
        continue;
      }
      add(raw, a, wholeStart);
      add(hours, wholeStart, wholeEnd);
      if (wholeEnd < b) add(raw, wholeEnd, b);
    }
  }
  return { hours, raw };
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Row = { b: number } & { [K in keyof PeriodTotals]: number | string | bigint | null };

/** `boundaries` ascending; returns one PeriodTotals per period (boundaries.length − 1). */
export async function readPeriods({ workspaceId, templateId, boundaries, now = new Date() }: { workspaceId: string; templateId: string; boundaries: Date[]; now?: Date }): Promise<PeriodTotals[]> {
  const n = boundaries.length - 1;
  const empty = (): PeriodTotals => ({ runs: 0, qualitySum: 0, qualityCount: 0, ratingSum: 0, ratingCount: 0, durationSum: 0, durationCount: 0, tokens: 0, confirmed: 0, rejected: 0 });
  if (n < 1) return [];
  const first = boundaries[0];
  const last = boundaries[n];
  // Days cut by a boundary: whole hours from the hourly rollup, partial hours raw; every other day
  // from the daily rollup. `now`: the present (tests pass the moment after which they wrote nothing).
  const partialDays = [...new Set(boundaries.filter((b) => b.getTime() % DAY_MS !== 0).map((b) => floorDay(b).getTime()))].map((t) => new Date(t));
  const { hours, raw } = splitPartialDays(boundaries, endsAtPresent(last, now));
  const thresholds = Prisma.sql`ARRAY[${Prisma.join(boundaries.map((b) => ts(b)))}]::timestamp[]`;
  const within = (col: string, segments: Segment[]) =>
    segments.length ? Prisma.join(segments.map((s) => Prisma.sql`(${Prisma.raw(col)} >= ${ts(s.from)} AND ${Prisma.raw(col)} < ${ts(s.to)})`), " OR ") : Prisma.sql`false`;
  const rawWhere = (col: string) => within(`"${col}"`, raw);
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
      SELECT width_bucket(h."hour", ${thresholds}), h."runs", h."qualitySum", h."qualityCount", h."ratingSum", h."ratingCount",
        h."durationSum", h."durationCount", h."tokens", h."confirmed", h."rejected"
      FROM "TemplateHourlyStats" h
      WHERE h."templateId" = ${templateId} AND h."workspaceId" = ${workspaceId} AND (${within('h."hour"', hours)})
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
