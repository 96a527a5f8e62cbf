import "server-only";
import { db } from "@/server/db";
import { acceptanceRate, windowRange } from "../window";
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

type Row = {
  wakes: number; wakes_prev: number;
  quality: number | null; quality_prev: number | null;
  rating: number | null; rating_prev: number | null; rated: number; rated_prev: number;
  duration: number | null; duration_prev: number | null;
  tokens: number | null; tokens_prev: number | null;
  confirmed: number; rejected: number; confirmed_prev: number; rejected_prev: number;
};

/**
 * A template's headline numbers for the window and the window before it (trend arrows): runs
 * started in the window (wakes, average quality, rating, duration, tokens) and decisions made in it
 * (acceptance = confirmed / (confirmed + rejected)). Two concurrent single-pass aggregates over
 * WakeRun (templateId, startedAt) and ChangeDecision (templateId, decidedAt).
 */
export async function getTemplateMetrics({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<TemplateMetrics> {
  const range = windowRange(days, now);
  const cur = ts(range.start);
  // Two statements sent concurrently (each a single pass over its table's window): half the wall
  // time of one statement that aggregates both tables one after the other.
  const [[runs], [decisions]] = await Promise.all([
    db.$queryRaw<Omit<Row, "confirmed" | "rejected" | "confirmed_prev" | "rejected_prev">[]>`
      SELECT
        count(*) FILTER (WHERE "startedAt" >= ${cur})::int AS wakes,
        count(*) FILTER (WHERE "startedAt" < ${cur})::int AS wakes_prev,
        avg("qualityScore") FILTER (WHERE "startedAt" >= ${cur})::float8 AS quality,
        avg("qualityScore") FILTER (WHERE "startedAt" < ${cur})::float8 AS quality_prev,
        avg("userRating") FILTER (WHERE "startedAt" >= ${cur})::float8 AS rating,
        avg("userRating") FILTER (WHERE "startedAt" < ${cur})::float8 AS rating_prev,
        count("userRating") FILTER (WHERE "startedAt" >= ${cur})::int AS rated,
        count("userRating") FILTER (WHERE "startedAt" < ${cur})::int AS rated_prev,
        avg("durationMs") FILTER (WHERE "startedAt" >= ${cur})::float8 AS duration,
        avg("durationMs") FILTER (WHERE "startedAt" < ${cur})::float8 AS duration_prev,
        sum("inputTokens" + "outputTokens") FILTER (WHERE "startedAt" >= ${cur})::float8 AS tokens,
        sum("inputTokens" + "outputTokens") FILTER (WHERE "startedAt" < ${cur})::float8 AS tokens_prev
      FROM "WakeRun"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
        AND "startedAt" >= ${ts(range.prevStart)} AND "startedAt" < ${ts(range.end)}`,
    db.$queryRaw<Pick<Row, "confirmed" | "rejected" | "confirmed_prev" | "rejected_prev">[]>`
      SELECT
        count(*) FILTER (WHERE "verdict" = 'confirmed' AND "decidedAt" >= ${cur})::int AS confirmed,
        count(*) FILTER (WHERE "verdict" = 'rejected' AND "decidedAt" >= ${cur})::int AS rejected,
        count(*) FILTER (WHERE "verdict" = 'confirmed' AND "decidedAt" < ${cur})::int AS confirmed_prev,
        count(*) FILTER (WHERE "verdict" = 'rejected' AND "decidedAt" < ${cur})::int AS rejected_prev
      FROM "ChangeDecision"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
        AND "decidedAt" >= ${ts(range.prevStart)} AND "decidedAt" < ${ts(range.end)}`,
  ]);
  const row: Row = { ...runs, ...decisions };
  const pair = (c: number | null, p: number | null): MetricPair => ({ current: num(c), previous: num(p) });
  return {
    days,
    range,
    wakes: pair(row.wakes, row.wakes_prev),
    quality: pair(row.quality, row.quality_prev),
    acceptance: {
      current: acceptanceRate(int(row.confirmed), int(row.rejected)),
      previous: acceptanceRate(int(row.confirmed_prev), int(row.rejected_prev)),
      confirmed: int(row.confirmed),
      rejected: int(row.rejected),
    },
    rating: { ...pair(row.rating, row.rating_prev), rated: int(row.rated) },
    durationMs: pair(row.duration, row.duration_prev),
    // No run in a window means no tokens spent: 0, not "unknown".
    tokens: pair(row.tokens ?? 0, row.wakes_prev > 0 ? (row.tokens_prev ?? 0) : null),
  };
}

export type Mttr = { days: number; count: number; meanMs: number | null; medianMs: number | null; previous: { count: number; meanMs: number | null; medianMs: number | null } };

/**
 * Mean time to resolution (seed 001 §3.5): done tasks handled by the template's agents, completed
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
