import "server-only";
import { ts } from "@/features/dashboards/server";
import { db } from "@/server/db";
import type { ProbationEffects } from "../effect";

// What the template page shows: the template's open probation, else the last one that ended in
// the past 30 days (its outcome) if it describes the current head — rolled back to it (its id or
// its directives), or ended on it (graduated, promoted; never a superseded one) — with the last measurement. A head that
// moved elsewhere since (restored, re-promoted without a probation) shows no earlier card.

const RECENT_MS = 30 * 86_400_000;

export type ProbationView = {
  id: string;
  status: "running" | "harm_detected" | "graduated" | "rolled_back" | "promoted" | "superseded";
  version: number;
  baseline: number;
  share: number;
  minDays: number;
  minRuns: number;
  startedAt: Date;
  endedAt: Date | null;
  endedBy: string | null;
  outcomeNote: string | null;
  effects: ProbationEffects | null;
  measuredAt: Date | null;
  harmDetectedAt: Date | null;
  rollbackProposalId: string | null;
};

type ProbationRow = Omit<ProbationView, "endedBy" | "effects"> & { effects: unknown; endedByName: string | null; endedByEmail: string | null };

/**
 * One statement (joins): Prisma's relation selects cost a statement per relation, and with no
 * probation — most views — still sent three empty `IN (NULL)` reads.
 */
export async function getTemplateProbation(workspaceId: string, templateId: string, now = new Date()): Promise<ProbationView | null> {
  const [p] = await db.$queryRaw<ProbationRow[]>`
    SELECT p."id", p."status"::text AS "status", v."number" AS "version", b."number" AS "baseline", p."share", p."minDays", p."minRuns",
      p."startedAt", p."endedAt", p."outcomeNote", p."effects", p."measuredAt", p."harmDetectedAt", p."rollbackProposalId",
      u."name" AS "endedByName", u."email" AS "endedByEmail"
    FROM "Probation" p
    JOIN "TemplateVersion" v ON v."id" = p."versionId"
    JOIN "TemplateVersion" b ON b."id" = p."baselineVersionId"
    LEFT JOIN "User" u ON u."id" = p."endedById"
    JOIN "AgentTemplate" t ON t."id" = p."templateId"
    JOIN "TemplateVersion" h ON h."id" = t."headVersionId"
    WHERE p."workspaceId" = ${workspaceId} AND p."templateId" = ${templateId}
      AND (p."status" IN ('running', 'harm_detected') OR (p."endedAt" >= ${ts(new Date(now.getTime() - RECENT_MS))}
        -- An ended one only while it speaks for the head: rolled back to it, or graduated / promoted on it.
        AND CASE p."status" WHEN 'rolled_back' THEN h."id" = b."id" OR h."directives" = b."directives" WHEN 'superseded' THEN false ELSE h."id" = v."id" END))
    ORDER BY p."startedAt" DESC
    LIMIT 1`;
  if (!p) return null;
  const { endedByName, endedByEmail, effects, ...rest } = p;
  return { ...rest, endedBy: endedByName ?? endedByEmail, effects: (effects as ProbationEffects | null) ?? null };
}
