import "server-only";
import { wilsonInterval } from "@/lib/interval";
import { db } from "@/server/db";
import { acceptanceRate } from "../window";
import { average, readPeriods } from "./daily-stats";
import { int, ts, utc } from "./sql";

export type VersionStats = {
  versionId: string;
  number: number;
  createdAt: Date;
  runs: number;
  avgQuality: number | null;
  avgRating: number | null;
  rated: number;
  confirmed: number;
  rejected: number;
  acceptance: number | null;
};

export type WeekPoint = {
  weekStart: Date;
  runs: number;
  avgQuality: number | null;
  avgRating: number | null;
  acceptance: number | null;
  /** The 95% interval of the week's acceptance (Wilson: honest at the small counts of a week). */
  acceptanceInterval: { low: number; high: number } | null;
  /** Versions created (became active) during this week. */
  versionsStarted: number[];
};

/**
 * How each version did over its whole life, exactly: runs that used it (WakeRun.templateVersionId)
 * and decisions on the proposals it produced (decision → item → change set → templateVersionId:
 * the run's version, else the head when the set was written). One grouped read of the daily rollup
 * (a few rows per version per day), which the write-time triggers keep with exactly that attribution.
 */
export async function getVersionPerformance({ workspaceId, templateId }: { workspaceId: string; templateId: string }): Promise<VersionStats[]> {
  const [versions, totals] = await Promise.all([
    db.$queryRaw<{ id: string; number: number; createdAt: Date | string }[]>`
      SELECT "id", "number", "createdAt" FROM "TemplateVersion"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} ORDER BY "number"`,
    db.$queryRaw<{ vid: string; runs: number; qs: number; qc: number; rs: number; rc: number; confirmed: number; rejected: number }[]>`
      SELECT "templateVersionId" AS vid, sum("runs")::int AS runs, sum("qualitySum")::float8 AS qs, sum("qualityCount")::int AS qc,
        sum("ratingSum")::float8 AS rs, sum("ratingCount")::int AS rc, sum("confirmed")::int AS confirmed, sum("rejected")::int AS rejected
      FROM "TemplateDailyStats"
      WHERE "templateId" = ${templateId} AND "workspaceId" = ${workspaceId}
      GROUP BY 1`,
  ]);
  const byVersion = new Map(totals.map((t) => [t.vid, t]));
  return versions.map((v) => {
    const t = byVersion.get(v.id);
    const confirmed = int(t?.confirmed);
    const rejected = int(t?.rejected);
    return {
      versionId: v.id,
      number: int(v.number),
      createdAt: utc(v.createdAt)!,
      runs: int(t?.runs),
      avgQuality: average(Number(t?.qs ?? 0), int(t?.qc)),
      avgRating: average(Number(t?.rs ?? 0), int(t?.rc)),
      rated: int(t?.rc),
      confirmed,
      rejected,
      acceptance: acceptanceRate(confirmed, rejected),
    };
  });
}

/**
 * The trend chart's period for a window: a day for the 7-day window (seven points), else 7 days
 * counted from the window's start (the last period partial, up to now).
 */
export const seriesStepDays = (days: number) => (days <= 7 ? 1 : 7);

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Monday 00:00 UTC of the week containing `d` (Postgres' date_trunc('week', …)). */
export function weekStartOf(d: Date) {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

/**
 * Weekly quality / acceptance / rating of the template (UTC weeks, Monday starts, the current week
 * partial), every week present (nulls where nothing happened), with the versions that became active
 * each week (version boundaries: a version is active from its creation, which moves the head).
 * The weeks from the daily rollup (plus today's raw rows up to `now`), the versions concurrently.
 */
export async function getWeeklySeries({ workspaceId, templateId, weeks, now = new Date() }: { workspaceId: string; templateId: string; weeks: number; now?: Date }): Promise<WeekPoint[]> {
  const n = Math.max(1, Math.min(104, Math.floor(weeks)));
  const last = weekStartOf(now);
  const first = new Date(last.getTime() - (n - 1) * WEEK_MS);
  const weekStarts = Array.from({ length: n }, (_, i) => new Date(first.getTime() + i * WEEK_MS));
  return seriesOver({ workspaceId, templateId, starts: weekStarts, end: new Date(Math.max(now.getTime(), last.getTime())), now });
}

/**
 * The Performance tab's series: exactly the selected window [now − days, now), in periods of
 * `seriesStepDays(days)` from its start — the same runs and decisions the window's numbers count.
 * `weekStart` is each period's start.
 */
export async function getWindowSeries({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<WeekPoint[]> {
  const step = seriesStepDays(days) * DAY_MS;
  const start = now.getTime() - days * DAY_MS;
  const starts = Array.from({ length: Math.ceil(days / seriesStepDays(days)) }, (_, i) => new Date(start + i * step));
  return seriesOver({ workspaceId, templateId, starts, end: now, now });
}

/** One point per period [starts[i], starts[i + 1] or end): the rollups' totals and the versions created in it. */
async function seriesOver({ workspaceId, templateId, starts, end, now }: { workspaceId: string; templateId: string; starts: Date[]; end: Date; now: Date }): Promise<WeekPoint[]> {
  const boundaries = [...starts, end];
  const [periods, versionRows] = await Promise.all([
    readPeriods({ workspaceId, templateId, boundaries, now }),
    db.$queryRaw<{ number: number; createdAt: Date | string }[]>`
      SELECT "number", "createdAt" FROM "TemplateVersion"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} AND "createdAt" >= ${ts(starts[0])} AND "createdAt" < ${ts(now)}
      ORDER BY "number"`,
  ]);
  return starts.map((weekStart, i) => ({
    weekStart,
    runs: periods[i].runs,
    avgQuality: average(periods[i].qualitySum, periods[i].qualityCount),
    avgRating: average(periods[i].ratingSum, periods[i].ratingCount),
    acceptance: acceptanceRate(periods[i].confirmed, periods[i].rejected),
    acceptanceInterval: wilsonInterval(periods[i].confirmed, periods[i].confirmed + periods[i].rejected),
    versionsStarted: versionRows.filter((v) => { const t = utc(v.createdAt)!.getTime(); return t >= boundaries[i].getTime() && t < boundaries[i + 1].getTime(); }).map((v) => int(v.number)),
  }));
}
