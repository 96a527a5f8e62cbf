import "server-only";
import { db, type Tx } from "@/server/db";

// The rollback a ritual proposes after harm was found: the probation of the current head that
// ended harm_detected and has no rollback proposal yet. The ritual records it as its proposal
// (the baseline's directives, with the measured harm as the rationale) through the normal approval
// path — the replay check included — instead of asking the improver for one.

export type PendingRollback = { probationId: string; directives: string; rationale: string; text: string };
export type RunningProbation = { version: number; baseline: number; minDays: number; minRuns: number; startedAt: Date };

/**
 * What the head's open probation means for a ritual, from one read: still running (the ritual waits
 * for its outcome before proposing again), or harm found with no rollback proposed yet (the ritual
 * proposes it).
 */
export async function ritualProbation(input: { workspaceId: string; templateId: string }, t: Tx = db): Promise<{ running: RunningProbation | null; rollback: PendingRollback | null }> {
  const none = { running: null, rollback: null };
  const template = await t.agentTemplate.findFirst({ where: { id: input.templateId, workspaceId: input.workspaceId }, select: { headVersionId: true } });
  if (!template?.headVersionId) return none;
  const p = await t.probation.findFirst({
    where: { workspaceId: input.workspaceId, templateId: input.templateId, versionId: template.headVersionId, status: { in: ["running", "harm_detected"] } },
    select: {
      id: true, status: true, outcomeNote: true, rollbackProposalId: true, minDays: true, minRuns: true, startedAt: true,
      version: { select: { number: true } }, baseline: { select: { number: true, directives: true } },
    },
  });
  if (!p) return none;
  if (p.status === "running") return { running: { version: p.version.number, baseline: p.baseline.number, minDays: p.minDays, minRuns: p.minRuns, startedAt: p.startedAt }, rollback: null };
  if (p.rollbackProposalId) return none;
  const found = p.outcomeNote ?? "The probation found it worse than the previous version.";
  return {
    running: null,
    rollback: {
      probationId: p.id,
      directives: p.baseline.directives,
      rationale: `Roll back v${p.version.number} to the directives of v${p.baseline.number}. ${found}`,
      text: `v${p.version.number} is on probation and measures worse than v${p.baseline.number}, which a share of the instances kept: ${found.replace(/^Worse than the previous version: /, "")} I propose going back to v${p.baseline.number}'s directives. Approve to roll back, or reject with a reason to keep v${p.version.number}.`,
    },
  };
}

export async function markRollbackProposed(t: Tx, input: { workspaceId: string; probationId: string; proposalId: string }) {
  await t.probation.updateMany({ where: { id: input.probationId, workspaceId: input.workspaceId, rollbackProposalId: null }, data: { rollbackProposalId: input.proposalId } });
}
