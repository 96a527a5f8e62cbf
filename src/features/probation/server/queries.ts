import "server-only";
import { db } from "@/server/db";
import type { ProbationEffects } from "../effect";

// What the template page shows: the template's open probation, else the last one that ended in
// the past 30 days (its outcome), with the last measurement.

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

export async function getTemplateProbation(workspaceId: string, templateId: string, now = new Date()): Promise<ProbationView | null> {
  const p = await db.probation.findFirst({
    where: { workspaceId, templateId, OR: [{ status: { in: ["running", "harm_detected"] } }, { endedAt: { gte: new Date(now.getTime() - RECENT_MS) } }] },
    orderBy: { startedAt: "desc" },
    select: {
      id: true, status: true, share: true, minDays: true, minRuns: true, startedAt: true, endedAt: true, outcomeNote: true, effects: true, measuredAt: true, harmDetectedAt: true, rollbackProposalId: true,
      version: { select: { number: true } }, baseline: { select: { number: true } }, endedBy: { select: { name: true, email: true } },
    },
  });
  if (!p) return null;
  return {
    id: p.id,
    status: p.status,
    version: p.version.number,
    baseline: p.baseline.number,
    share: p.share,
    minDays: p.minDays,
    minRuns: p.minRuns,
    startedAt: p.startedAt,
    endedAt: p.endedAt,
    endedBy: p.endedBy ? (p.endedBy.name ?? p.endedBy.email) : null,
    outcomeNote: p.outcomeNote,
    effects: (p.effects as ProbationEffects | null) ?? null,
    measuredAt: p.measuredAt,
    harmDetectedAt: p.harmDetectedAt,
    rollbackProposalId: p.rollbackProposalId,
  };
}
