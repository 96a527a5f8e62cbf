import "server-only";
import { db } from "@/server/db";
import { acceptanceRate, windowRange } from "../window";
import { average, readPeriods } from "./daily-stats";
import { int, num, ts } from "./sql";

export type MetricPair = { current: number | null; previous: number | null };
export type TemplateMetrics = {
  days: number;
  range: { start: Date; end: Date; prevStart: Date };
  wakes: MetricPair;
  quality: MetricPair;
  acceptance: MetricPair & { confirmed: number; rejected: number };
  rating: MetricPair & { rated: number };
  durationMs: MetricPair;
  tokens: MetricPair;
};

/**
 * A template's headline numbers for the window and the window before it (trend arrows): runs
 * started in the window (wakes, average quality, rating, duration, tokens) and decisions made in it
 * (acceptance = confirmed / (confirmed + rejected)). Both windows in one statement over the daily
 * rollup, plus the raw rows of the (at most three) days cut by a window boundary.
 */
export async function getTemplateMetrics({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<TemplateMetrics> {
  const range = windowRange(days, now);
  const [prev, cur] = await readPeriods({ workspaceId, templateId, boundaries: [range.prevStart, range.start, range.end] });
  const pair = (c: number | null, p: number | null): MetricPair => ({ current: c, previous: p });
  return {
    days,
    range,
    wakes: pair(cur.runs, prev.runs),
    quality: pair(average(cur.qualitySum, cur.qualityCount), average(prev.qualitySum, prev.qualityCount)),
    acceptance: {
      current: acceptanceRate(cur.confirmed, cur.rejected),
      previous: acceptanceRate(prev.confirmed, prev.rejected),
      confirmed: cur.confirmed,
      rejected: cur.rejected,
    },
    rating: { ...pair(average(cur.ratingSum, cur.ratingCount), average(prev.ratingSum, prev.ratingCount)), rated: cur.ratingCount },
    durationMs: pair(average(cur.durationSum, cur.durationCount), average(prev.durationSum, prev.durationCount)),
    // No run in a window means no tokens spent: 0, not "unknown".
    tokens: pair(cur.tokens, prev.runs > 0 ? prev.tokens : null),
  };
}

export type Mttr = { days: number; count: number; meanMs: number | null; medianMs: number | null; previous: { count: number; meanMs: number | null; medianMs: number | null } };

/**
 * Mean time to resolution: done tasks handled by the template's agents, completed
 * in the window, completedAt − createdAt; mean and median, and the window before for the trend.
 */
export async function getTemplateMttr({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<Mttr> {
  const range = windowRange(days, now);
  const cur = ts(range.start);
  const [row] = await db.$queryRaw<{ n: number; mean: number | null; median: number | null; n_prev: number; mean_prev: number | null; median_prev: number | null }[]>`
    WITH t AS (
      SELECT t."completedAt" AS done_at, extract(epoch FROM (t."completedAt" - t."createdAt")) * 1000 AS ms
      FROM "Agent" a
      JOIN "Task" t ON t."id" = a."taskId" AND t."workspaceId" = ${workspaceId}
      WHERE a."workspaceId" = ${workspaceId} AND a."templateId" = ${templateId}
        AND t."status" = 'done' AND t."completedAt" >= ${ts(range.prevStart)} AND t."completedAt" < ${ts(range.end)}
    )
    SELECT
      count(*) FILTER (WHERE done_at >= ${cur})::int AS n,
      avg(ms) FILTER (WHERE done_at >= ${cur})::float8 AS mean,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE done_at >= ${cur})::float8 AS median,
      count(*) FILTER (WHERE done_at < ${cur})::int AS n_prev,
      avg(ms) FILTER (WHERE done_at < ${cur})::float8 AS mean_prev,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FILTER (WHERE done_at < ${cur})::float8 AS median_prev
    FROM t`;
  return {
    days,
    count: int(row.n),
    meanMs: num(row.mean),
    medianMs: num(row.median),
    previous: { count: int(row.n_prev), meanMs: num(row.mean_prev), medianMs: num(row.median_prev) },
  };
}
