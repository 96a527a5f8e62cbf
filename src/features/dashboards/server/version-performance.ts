import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { acceptanceRate } from "../window";
import { int, num, ts, utc } from "./sql";

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
  /** Versions created (became active) during this week. */
  versionsStarted: number[];
};

type VersionRow = { id: string; number: number; createdAt: Date | string };

/**
 * How each version did over its whole life. Runs: average quality and rating of the runs that used
 * the version (WakeRun.templateVersionId). Decisions: attributed by time — a decision counts for the
 * version that was active (newest created) when it was made, the same rule as the chart's version
 * boundaries. Exact attribution (decision → item → change set → run → version) is a 4-table join
 * over every decision of the template, ~10× slower at 200k decisions; see ../README.md.
 * The versions first, then runs and decisions concurrently.
 */
export async function getVersionPerformance({ workspaceId, templateId }: { workspaceId: string; templateId: string }): Promise<VersionStats[]> {
  const versions = await db.$queryRaw<VersionRow[]>`
    SELECT "id", "number", "createdAt" FROM "TemplateVersion"
    WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} ORDER BY "createdAt", "number"`;
  if (versions.length === 0) return [];
  // Decisions: one pass, one FILTER pair per version's [createdAt, next createdAt) (a handful of
  // versions; a parallel seq scan beats one index range per version reading the heap at random).
  const bounds = versions.map((v, i) => ({ from: utc(v.createdAt)!, to: i + 1 < versions.length ? utc(versions[i + 1].createdAt)! : null }));
  const perVersion = bounds.map(({ from, to }, i) => {
    const range = to ? Prisma.sql`"decidedAt" >= ${ts(from)} AND "decidedAt" < ${ts(to)}` : Prisma.sql`"decidedAt" >= ${ts(from)}`;
    return Prisma.sql`count(*) FILTER (WHERE "verdict" = 'confirmed' AND ${range})::int AS ${Prisma.raw(`c${i}`)}, count(*) FILTER (WHERE "verdict" = 'rejected' AND ${range})::int AS ${Prisma.raw(`r${i}`)}`;
  });
  const [runs, [decisions]] = await Promise.all([
    db.$queryRaw<{ vid: string; runs: number; q: number | null; rating: number | null; rated: number }[]>`
      SELECT "templateVersionId" AS vid, count(*)::int AS runs, avg("qualityScore")::float8 AS q, avg("userRating")::float8 AS rating, count("userRating")::int AS rated
      FROM "WakeRun"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
      GROUP BY "templateVersionId"`,
    db.$queryRaw<Record<string, number>[]>`
      SELECT ${Prisma.join(perVersion, ", ")}
      FROM "ChangeDecision"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} AND "decidedAt" >= ${ts(bounds[0].from)} AND "verdict" <> 'deferred'`,
  ]);
  const byRun = new Map(runs.map((r) => [r.vid, r]));
  return versions
    .map((v, i) => {
      const r = byRun.get(v.id);
      const confirmed = int(decisions[`c${i}`]);
      const rejected = int(decisions[`r${i}`]);
      return {
        versionId: v.id,
        number: int(v.number),
        createdAt: utc(v.createdAt)!,
        runs: int(r?.runs),
        avgQuality: num(r?.q),
        avgRating: num(r?.rating),
        rated: int(r?.rated),
        confirmed,
        rejected,
        acceptance: acceptanceRate(confirmed, rejected),
      };
    })
    .sort((x, y) => x.number - y.number);
}

/** Weeks shown by the trend chart: the window, but at least 12 so a trend is visible. */
export const seriesWeeks = (days: number) => Math.max(12, Math.ceil(days / 7));

const WEEK_MS = 7 * 86_400_000;
/** Monday 00:00 UTC of the week containing `d` (Postgres' date_trunc('week', …)). */
export function weekStartOf(d: Date) {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

/**
 * Weekly quality / acceptance / rating of the template (UTC weeks, Monday starts, the current week
 * partial), every week present (nulls where nothing happened), with the versions that became active
 * each week (version boundaries: a version is active from its creation, which moves the head).
 * Runs, decisions and versions are read concurrently.
 */
export async function getWeeklySeries({ workspaceId, templateId, weeks, now = new Date() }: { workspaceId: string; templateId: string; weeks: number; now?: Date }): Promise<WeekPoint[]> {
  const n = Math.max(1, Math.min(104, Math.floor(weeks)));
  const last = weekStartOf(now);
  const first = new Date(last.getTime() - (n - 1) * WEEK_MS);
  // One pass per table with a FILTER per week: a parallel seq scan / index range with no sort and
  // no per-week heap revisits; the weeks are known here, so no generate_series join (whose default
  // 1000-row estimate used to push the plan cost over jit_above_cost: 300 ms of JIT).
  const weekStarts = Array.from({ length: n }, (_, i) => new Date(first.getTime() + i * WEEK_MS));
  const inWeek = (col: string, i: number) => {
    const next = i + 1 < n ? weekStarts[i + 1] : now;
    return Prisma.sql`${Prisma.raw(`"${col}"`)} >= ${ts(weekStarts[i])} AND ${Prisma.raw(`"${col}"`)} < ${ts(next)}`;
  };
  const runAggs = weekStarts.map((_, i) => Prisma.sql`count(*) FILTER (WHERE ${inWeek("startedAt", i)})::int AS ${Prisma.raw(`n${i}`)},
    avg("qualityScore") FILTER (WHERE ${inWeek("startedAt", i)})::float8 AS ${Prisma.raw(`q${i}`)},
    avg("userRating") FILTER (WHERE ${inWeek("startedAt", i)})::float8 AS ${Prisma.raw(`u${i}`)}`);
  const decisionAggs = weekStarts.map((_, i) => Prisma.sql`count(*) FILTER (WHERE "verdict" = 'confirmed' AND ${inWeek("decidedAt", i)})::int AS ${Prisma.raw(`c${i}`)},
    count(*) FILTER (WHERE "verdict" = 'rejected' AND ${inWeek("decidedAt", i)})::int AS ${Prisma.raw(`r${i}`)}`);
  const [[runRow], [decisionRow], versionRows] = await Promise.all([
    db.$queryRaw<Record<string, number | null>[]>`
      SELECT ${Prisma.join(runAggs, ", ")} FROM "WakeRun"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} AND "startedAt" >= ${ts(first)} AND "startedAt" < ${ts(now)}`,
    db.$queryRaw<Record<string, number | null>[]>`
      SELECT ${Prisma.join(decisionAggs, ", ")} FROM "ChangeDecision"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} AND "decidedAt" >= ${ts(first)} AND "decidedAt" < ${ts(now)} AND "verdict" <> 'deferred'`,
    db.$queryRaw<{ number: number; createdAt: Date | string }[]>`
      SELECT "number", "createdAt" FROM "TemplateVersion"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId} AND "createdAt" >= ${ts(first)} AND "createdAt" < ${ts(now)}
      ORDER BY "number"`,
  ]);
  return weekStarts.map((weekStart, i) => ({
    weekStart,
    runs: int(runRow[`n${i}`]),
    avgQuality: num(runRow[`q${i}`]),
    avgRating: num(runRow[`u${i}`]),
    acceptance: acceptanceRate(int(decisionRow[`c${i}`]), int(decisionRow[`r${i}`])),
    versionsStarted: versionRows.filter((v) => weekStartOf(utc(v.createdAt)!).getTime() === weekStart.getTime()).map((v) => int(v.number)),
  }));
}
