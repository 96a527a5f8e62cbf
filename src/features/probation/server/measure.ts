import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { seedOfText } from "@/lib/random";
import { db } from "@/server/db";
import type { Arm } from "../assign";
import { BOOTSTRAP_MAX_UNITS, measureFromStats, type ArmSample, type ArmStats, type ProbationEffects } from "../effect";

// A probation's arms read from the database. First the arms' statistics in one statement (no CTE
// read twice: a materialised one hides its size from the planner, which then loops per run): the
// runs of the probation (the (probationId, arm) index) with how people decided their proposals
// (RunDecisionCount, kept by a trigger on ChangeItem: no item is read), summed per arm — and the
// done tasks of the arms' agents. When both arms are small enough for the
// bootstrap, the runs themselves are read too (a second statement) for resampling; at scale the
// intervals come from the statistics (effect.ts).

/**
 * The sums statsFromSums reads, as SELECT columns: RUN_SUMS over a relation of runs with columns
 * c, d (confirmed and decided proposals), rating, quality and tokens; DONE_SUMS over done tasks
 * with ms (creation → done). Shared with the hypothesis grader's statement.
 */
export const RUN_SUMS = Prisma.sql`count(*)::int AS "runs", sum("c") AS "c", sum("d") AS "d", sum("c" * "c") AS "cc", sum("d" * "d") AS "dd", sum("c" * "d") AS "cd", count("rating")::int AS "rn", sum("rating") AS "rs", sum("rating" * "rating") AS "rss", count("quality")::int AS "qn", sum("quality") AS "qs", sum("quality" * "quality") AS "qss", sum("tokens") AS "ts", sum("tokens" * "tokens") AS "tss"`;
export const DONE_SUMS = Prisma.sql`count(*)::int AS "tn", sum("ms")::float8 AS "tds", sum("ms" * "ms")::float8 AS "tdss"`;

/** A side's sums as RUN_SUMS and DONE_SUMS name their columns. */
export type StatsSums = {
  runs: number; c: number | null; d: number | null; cc: number | null; dd: number | null; cd: number | null;
  rn: number; rs: number | null; rss: number | null; qn: number; qs: number | null; qss: number | null;
  ts: number | null; tss: number | null; tn: number; tds: number | null; tdss: number | null;
};
type StatsRow = StatsSums & { arm: Arm };

const num = (x: number | null) => Number(x ?? 0);

/** The ArmStats of a row of sums (SQL sums are null over no rows). */
export function statsFromSums(r: StatsSums): ArmStats {
  return {
    runs: r.runs,
    acceptance: { c: num(r.c), d: num(r.d), cc: num(r.cc), dd: num(r.dd), cd: num(r.cd) },
    rating: { n: r.rn, sum: num(r.rs), sumSq: num(r.rss) },
    quality: { n: r.qn, sum: num(r.qs), sumSq: num(r.qss) },
    tokens: { n: r.runs, sum: num(r.ts), sumSq: num(r.tss) },
    timeToDone: { n: r.tn, sum: num(r.tds), sumSq: num(r.tdss) },
  };
}
type RunRow = { arm: Arm; rating: number | null; quality: number | null; tokens: number; confirmed: number; rejected: number };
type DoneRow = { arm: Arm; ms: number };

export async function armStats(workspaceId: string, probationId: string): Promise<Record<Arm, ArmStats>> {
  const rows = await db.$queryRaw<StatsRow[]>`
    WITH runs AS (
      SELECT r."arm", r."userRating" AS "rating", r."qualityScore" AS "quality", (r."inputTokens" + r."outputTokens")::float8 AS "tokens",
             COALESCE(x."confirmed", 0)::float8 AS "c", COALESCE(x."confirmed" + x."rejected", 0)::float8 AS "d"
      FROM "WakeRun" r LEFT JOIN "RunDecisionCount" x ON x."runId" = r."id"
      WHERE r."probationId" = ${probationId} AND r."workspaceId" = ${workspaceId} AND r."arm" IS NOT NULL AND r."status" = 'succeeded'
    ), done AS (
      -- An agent is in one arm for the whole probation (assign.ts): its task counts for that arm.
      SELECT g."arm", EXTRACT(EPOCH FROM (t."completedAt" - t."createdAt")) * 1000 AS "ms"
      FROM (SELECT DISTINCT "agentId", "arm" FROM "WakeRun" WHERE "probationId" = ${probationId} AND "workspaceId" = ${workspaceId} AND "arm" IS NOT NULL) g
      JOIN "Agent" a ON a."id" = g."agentId" JOIN "Task" t ON t."id" = a."taskId"
      WHERE t."status" = 'done' AND t."completedAt" IS NOT NULL
    ), by_arm AS (
      SELECT "arm", ${RUN_SUMS} FROM runs GROUP BY "arm"
    ), done_by_arm AS (
      SELECT "arm", ${DONE_SUMS} FROM done GROUP BY "arm"
    )
    SELECT b.*, COALESCE(d."tn", 0) AS "tn", d."tds", d."tdss" FROM by_arm b LEFT JOIN done_by_arm d ON d."arm" = b."arm"`;
  const empty = (): ArmStats => ({ runs: 0, acceptance: { c: 0, d: 0, cc: 0, dd: 0, cd: 0 }, rating: { n: 0, sum: 0, sumSq: 0 }, quality: { n: 0, sum: 0, sumSq: 0 }, tokens: { n: 0, sum: 0, sumSq: 0 }, timeToDone: { n: 0, sum: 0, sumSq: 0 } });
  const stats: Record<Arm, ArmStats> = { candidate: empty(), baseline: empty() };
  for (const r of rows) stats[r.arm] = statsFromSums(r);
  return stats;
}

/** The runs themselves, for the bootstrap (small arms only). */
export async function loadArms(workspaceId: string, probationId: string): Promise<Record<Arm, ArmSample>> {
  const [runs, done] = await Promise.all([
    db.$queryRaw<RunRow[]>`
      SELECT r."arm", r."userRating" AS "rating", r."qualityScore" AS "quality", (r."inputTokens" + r."outputTokens")::int AS "tokens",
             COALESCE(x."confirmed", 0) AS "confirmed", COALESCE(x."rejected", 0) AS "rejected"
      FROM "WakeRun" r LEFT JOIN "RunDecisionCount" x ON x."runId" = r."id"
      WHERE r."probationId" = ${probationId} AND r."workspaceId" = ${workspaceId} AND r."status" = 'succeeded' AND r."arm" IS NOT NULL`,
    db.$queryRaw<DoneRow[]>`
      SELECT g."arm", (EXTRACT(EPOCH FROM (t."completedAt" - t."createdAt")) * 1000)::float8 AS "ms"
      FROM (SELECT DISTINCT "agentId", "arm" FROM "WakeRun" WHERE "probationId" = ${probationId} AND "workspaceId" = ${workspaceId} AND "arm" IS NOT NULL) g
      JOIN "Agent" a ON a."id" = g."agentId" JOIN "Task" t ON t."id" = a."taskId"
      WHERE t."status" = 'done' AND t."completedAt" IS NOT NULL`,
  ]);
  const arms: Record<Arm, ArmSample> = { candidate: { runs: [], resolveMs: [] }, baseline: { runs: [], resolveMs: [] } };
  for (const r of runs) arms[r.arm].runs.push({ confirmed: r.confirmed, rejected: r.rejected, rating: r.rating, quality: r.quality, tokens: r.tokens });
  for (const d of done) arms[d.arm].resolveMs.push(d.ms);
  return arms;
}

/** The bootstrap's seed comes from the probation's id: the same data always shows the same interval. */
const SEED_START = 11;

export async function measure(workspaceId: string, probationId: string): Promise<ProbationEffects> {
  const stats = await armStats(workspaceId, probationId);
  if (Math.min(stats.candidate.runs, stats.baseline.runs) > BOOTSTRAP_MAX_UNITS) return measureFromStats(stats.candidate, stats.baseline);
  // Small arms: the runs themselves too, for the bootstrap; the statistics are the ones just summed.
  const arms = await loadArms(workspaceId, probationId);
  return measureFromStats(stats.candidate, stats.baseline, { ...arms, seed: seedOfText(probationId, SEED_START) });
}

/** Measures the probation now and stores the result on it (the page and the ritual read it). */
export async function measureAndStore(workspaceId: string, probationId: string, now = new Date()): Promise<ProbationEffects> {
  const effects = await measure(workspaceId, probationId);
  await db.probation.update({ where: { id: probationId, workspaceId }, data: { effects: effects as unknown as Prisma.InputJsonObject, measuredAt: now } });
  return effects;
}
