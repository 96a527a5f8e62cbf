import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { gradeHypothesis, type Grade } from "../grade";
import { windowStats } from "./window-stats";

// Grading the hypotheses whose check date has passed, at the template's first ritual after it
// (prepare-ritual). A hypothesis is about the change its session made: the version promoted from
// the session's first approved proposal. No approved change, or a change that took effect after
// the check date, leaves nothing to test (inconclusive, saying so).

type Due = Prisma.HypothesisGetPayload<{ select: typeof DUE_SELECT }>;
const DUE_SELECT = { id: true, workspaceId: true, templateId: true, sessionId: true, metric: true, tool: true, category: true, direction: true, size: true, checkAt: true, createdAt: true } as const;

/** The version the hypothesis's session promoted, with its probation when it ran on one. */
async function treatmentOf(h: Due) {
  const approved = await db.proposal.findFirst({
    where: { workspaceId: h.workspaceId, sessionId: h.sessionId, status: "approved", resultingVersionId: { not: null } },
    orderBy: { decidedAt: "asc" },
    // Its first probation: the one its promotion started (a re-promote later starts another).
    select: { resultingVersion: { select: { id: true, number: true, createdAt: true, probations: { orderBy: { startedAt: "asc" }, take: 1, select: { id: true } } } } },
  });
  if (!approved?.resultingVersion) return null;
  const { probations, ...version } = approved.resultingVersion;
  return { ...version, probation: probations[0] ?? null };
}

export async function gradeOne(h: Due): Promise<Grade | { outcome: "inconclusive"; reason: string }> {
  const version = await treatmentOf(h);
  if (!version) return { outcome: "inconclusive", reason: "No change from this session was approved, so there was nothing to test." };
  const split = version.createdAt;
  if (split >= h.checkAt) return { outcome: "inconclusive", reason: `v${version.number} took effect on ${split.toISOString().slice(0, 10)}, after the check date.` };
  const span = h.checkAt.getTime() - split.getTime();
  const probationId = version.probation?.id ?? null;
  const from = probationId ? split : new Date(split.getTime() - span);
  const stats = await windowStats({ workspaceId: h.workspaceId, templateId: h.templateId, from, split, to: h.checkAt, probationId, tool: h.tool, category: h.category });
  return gradeHypothesis({
    metric: h.metric,
    direction: h.direction,
    size: h.size,
    method: probationId ? "probation" : "before_after",
    candidate: stats.candidate,
    baseline: stats.baseline,
    window: { from: from.toISOString(), split: split.toISOString(), to: h.checkAt.toISOString() },
  });
}

/** Grades every open hypothesis of the template due by `now`; returns how many of each outcome. */
export async function gradeDueHypotheses(scope: { workspaceId: string; templateId: string; sessionId?: string }, now = new Date()) {
  const due = await db.hypothesis.findMany({
    where: { workspaceId: scope.workspaceId, templateId: scope.templateId, outcome: "open", checkAt: { lte: now } },
    orderBy: { checkAt: "asc" },
    select: DUE_SELECT,
  });
  const counts = { confirmed: 0, refuted: 0, inconclusive: 0 };
  for (const h of due) {
    const grade = await gradeOne(h);
    // Only an open hypothesis is graded (a concurrent ritual may have graded it first).
    const { count } = await db.hypothesis.updateMany({
      where: { id: h.id, workspaceId: h.workspaceId, outcome: "open" },
      data: { outcome: grade.outcome, figures: grade as unknown as Prisma.InputJsonObject, gradedAt: now, gradedInSessionId: scope.sessionId ?? null },
    });
    if (count) counts[grade.outcome]++;
  }
  return counts;
}
