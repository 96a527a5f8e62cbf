import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { FeedbackCategory } from "@/generated/prisma/enums";
import { DONE_SUMS, RUN_SUMS, statsFromSums, type StatsSums } from "@/features/probation/server";
import { db } from "@/server/db";
import type { SideStats } from "../grade";

// The two sides' statistics for grading, in one statement: per-run sums over the succeeded runs
// (acceptance from RunDecisionCount, or from the items of one tool when the hypothesis names one),
// done tasks and feedback items. A side is the probation arm (the agent's, for tasks and feedback)
// or, before/after, which side of `split` the row's time falls on. The lab recomputes the same
// figures from the raw rows (src/lab/hypotheses.ts) to check this statement.

export type Side = "candidate" | "baseline";
export type WindowPlan = {
  workspaceId: string;
  templateId: string;
  from: Date;
  split: Date;
  to: Date;
  /** Probation arms over [split, to) when set; else before/after over [from, to). */
  probationId: string | null;
  tool: string | null;
  category: FeedbackCategory | null;
};

type Row = StatsSums & { side: Side; fn: number; fs: number | null };

export async function windowStats(plan: WindowPlan): Promise<Record<Side, SideStats>> {
  const { workspaceId, templateId, from, split, to, probationId, tool, category } = plan;
  const arms = probationId !== null;
  const byTime = (column: Prisma.Sql) => Prisma.sql`CASE WHEN ${column} >= ${split} THEN 'candidate' ELSE 'baseline' END`;
  const runSide = arms ? Prisma.sql`r."arm"::text` : byTime(Prisma.sql`r."startedAt"`);
  const runWhere = arms
    ? Prisma.sql`r."probationId" = ${probationId} AND r."arm" IS NOT NULL AND r."startedAt" >= ${split}`
    : Prisma.sql`r."startedAt" >= ${from}`;
  const decided = tool
    ? Prisma.sql`LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE i."status" = 'confirmed') AS "confirmed", count(*) FILTER (WHERE i."status" = 'rejected') AS "rejected"
        FROM "ChangeSet" s JOIN "ChangeItem" i ON i."changeSetId" = s."id"
        WHERE s."wakeRunId" = r."id" AND i."tool" = ${tool}) x ON true`
    : Prisma.sql`LEFT JOIN "RunDecisionCount" x ON x."runId" = r."id"`;
  // Tasks and feedback: by the agent's arm, or by when they happened.
  const agentArms = Prisma.sql`SELECT DISTINCT "agentId", "arm"::text AS "side" FROM "WakeRun" WHERE "probationId" = ${probationId} AND "workspaceId" = ${workspaceId} AND "arm" IS NOT NULL`;
  const doneFrom = arms ? split : from;
  const done = arms
    ? Prisma.sql`SELECT g."side", EXTRACT(EPOCH FROM (t."completedAt" - t."createdAt")) * 1000 AS "ms"
        FROM (${agentArms}) g JOIN "Agent" a ON a."id" = g."agentId" JOIN "Task" t ON t."id" = a."taskId"
        WHERE t."status" = 'done' AND t."completedAt" >= ${doneFrom} AND t."completedAt" < ${to}`
    : Prisma.sql`SELECT ${byTime(Prisma.sql`t."completedAt"`)} AS "side", EXTRACT(EPOCH FROM (t."completedAt" - t."createdAt")) * 1000 AS "ms"
        FROM "Agent" a JOIN "Task" t ON t."id" = a."taskId"
        WHERE a."templateId" = ${templateId} AND a."workspaceId" = ${workspaceId} AND t."status" = 'done' AND t."completedAt" >= ${doneFrom} AND t."completedAt" < ${to}`;
  const negative = category ? Prisma.sql`(f."sentiment" = 'negative' AND f."category"::text = ${category})` : Prisma.sql`f."sentiment" = 'negative'`;
  const feedback = arms
    ? Prisma.sql`SELECT g."side", CASE WHEN ${negative} THEN 1.0 ELSE 0.0 END AS "v"
        FROM "FeedbackItem" f JOIN (${agentArms}) g ON g."agentId" = f."agentId"
        WHERE f."templateId" = ${templateId} AND f."workspaceId" = ${workspaceId} AND f."occurredAt" >= ${split} AND f."occurredAt" < ${to}`
    : Prisma.sql`SELECT ${byTime(Prisma.sql`f."occurredAt"`)} AS "side", CASE WHEN ${negative} THEN 1.0 ELSE 0.0 END AS "v"
        FROM "FeedbackItem" f
        WHERE f."templateId" = ${templateId} AND f."workspaceId" = ${workspaceId} AND f."occurredAt" >= ${from} AND f."occurredAt" < ${to}`;

  const rows = await db.$queryRaw<Row[]>`
    WITH runs AS (
      SELECT ${runSide} AS "side", r."userRating" AS "rating", r."qualityScore" AS "quality", (r."inputTokens" + r."outputTokens")::float8 AS "tokens",
             COALESCE(x."confirmed", 0)::float8 AS "c", COALESCE(x."confirmed" + x."rejected", 0)::float8 AS "d"
      FROM "WakeRun" r ${decided}
      WHERE r."templateId" = ${templateId} AND r."workspaceId" = ${workspaceId} AND r."status" = 'succeeded' AND ${runWhere} AND r."startedAt" < ${to}
    ), run_sums AS (
      SELECT "side", ${RUN_SUMS} FROM runs GROUP BY "side"
    ), done_sums AS (
      SELECT "side", ${DONE_SUMS} FROM (${done}) d GROUP BY "side"
    ), feedback_sums AS (
      SELECT "side", count(*)::int AS "fn", sum("v")::float8 AS "fs" FROM (${feedback}) f GROUP BY "side"
    ), sides AS (SELECT unnest(ARRAY['candidate', 'baseline']) AS "side")
    SELECT s."side", COALESCE(r."runs", 0) AS "runs", r."c", r."d", r."cc", r."dd", r."cd", COALESCE(r."rn", 0) AS "rn", r."rs", r."rss",
           COALESCE(r."qn", 0) AS "qn", r."qs", r."qss", r."ts", r."tss",
           COALESCE(d."tn", 0) AS "tn", d."tds", d."tdss", COALESCE(f."fn", 0) AS "fn", f."fs"
    FROM sides s LEFT JOIN run_sums r ON r."side" = s."side" LEFT JOIN done_sums d ON d."side" = s."side" LEFT JOIN feedback_sums f ON f."side" = s."side"`;

  const out = {} as Record<Side, SideStats>;
  // Feedback items are Bernoulli units: Σv² = Σv.
  for (const r of rows) out[r.side] = { ...statsFromSums(r), feedback: { n: r.fn, sum: Number(r.fs ?? 0), sumSq: Number(r.fs ?? 0) } };
  return out;
}
