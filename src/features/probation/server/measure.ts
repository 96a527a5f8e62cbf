import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import type { Arm } from "../assign";
import { measureProbation, type ArmSample, type ProbationEffects } from "../effect";

// The arms of one probation read from the database in two statements — one row per run (its
// rating, score, tokens and how people decided its proposals, counted in SQL through the
// (wakeRunId) and (changeSetId, status) indexes) and one per task done — then measured (effect.ts).

type RunRow = { arm: Arm; rating: number | null; quality: number | null; tokens: number; confirmed: number; rejected: number };
type DoneRow = { arm: Arm; ms: number };

export async function loadArms(workspaceId: string, probationId: string): Promise<Record<Arm, ArmSample>> {
  const [runs, done] = await Promise.all([
    db.$queryRaw<RunRow[]>`
      SELECT r."arm", r."userRating" AS "rating", r."qualityScore" AS "quality",
             (r."inputTokens" + r."outputTokens")::int AS "tokens",
             COALESCE(d."confirmed", 0)::int AS "confirmed", COALESCE(d."rejected", 0)::int AS "rejected"
      FROM "WakeRun" r
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE i."status" = 'confirmed') AS "confirmed",
               count(*) FILTER (WHERE i."status" = 'rejected') AS "rejected"
        FROM "ChangeSet" s JOIN "ChangeItem" i ON i."changeSetId" = s."id"
        WHERE s."wakeRunId" = r."id"
      ) d ON true
      WHERE r."probationId" = ${probationId} AND r."workspaceId" = ${workspaceId} AND r."status" = 'succeeded' AND r."arm" IS NOT NULL`,
    // A task counts for the arm its agent ran in; from its creation to done.
    db.$queryRaw<DoneRow[]>`
      SELECT DISTINCT ON (t."id") r."arm", (EXTRACT(EPOCH FROM (t."completedAt" - t."createdAt")) * 1000)::float8 AS "ms"
      FROM "WakeRun" r JOIN "Agent" a ON a."id" = r."agentId" JOIN "Task" t ON t."id" = a."taskId"
      WHERE r."probationId" = ${probationId} AND r."workspaceId" = ${workspaceId} AND r."arm" IS NOT NULL
        AND t."status" = 'done' AND t."completedAt" IS NOT NULL
      ORDER BY t."id", r."startedAt" DESC`,
  ]);
  const arms: Record<Arm, ArmSample> = { candidate: { runs: [], resolveMs: [] }, baseline: { runs: [], resolveMs: [] } };
  for (const r of runs) arms[r.arm].runs.push({ confirmed: r.confirmed, rejected: r.rejected, rating: r.rating, quality: r.quality, tokens: r.tokens });
  for (const d of done) arms[d.arm].resolveMs.push(d.ms);
  return arms;
}

/** Seeds the bootstrap from the probation's id: the same data always shows the same interval. */
const seedOf = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 11);

/** Measures the probation now and stores the result on it (the page and the ritual read it). */
export async function measureAndStore(workspaceId: string, probationId: string, now = new Date()): Promise<ProbationEffects> {
  const arms = await loadArms(workspaceId, probationId);
  const effects = measureProbation(arms.candidate, arms.baseline, seedOf(probationId));
  await db.probation.update({ where: { id: probationId, workspaceId }, data: { effects: effects as unknown as Prisma.InputJsonObject, measuredAt: now } });
  return effects;
}
