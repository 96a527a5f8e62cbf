import "server-only";
import { db } from "@/server/db";
import type { GateScore } from "./self-refine";

export async function getRun(workspaceId: string, runId: string) {
  const run = await db.wakeRun.findFirst({
    where: { id: runId, workspaceId },
    select: {
      id: true, agentId: true, reason: true, status: true, outcome: true, phase: true, phaseIteration: true, startedAt: true, finishedAt: true,
      durationMs: true, inputTokens: true, outputTokens: true, qualityScore: true, iterations: true, error: true, userRating: true,
      version: { select: { number: true } },
      template: { select: { id: true, name: true, refineConfig: true } },
      agent: { select: { id: true, displayName: true } },
      iterationsLog: { orderBy: { index: "asc" }, select: { index: true, score: true, gateScores: true, feedback: true } },
      changeSets: { select: { items: { select: { id: true, tool: true, summary: true, status: true } } } },
    },
  });
  if (!run) return null;
  const [reports, observations] = await Promise.all([
    db.agentReport.findMany({ where: { workspaceId, wakeRunId: runId }, select: { id: true, markdown: true, confidence: true } }),
    db.agentMessage.findMany({ where: { workspaceId, wakeRunId: runId, kind: "observation" }, select: { id: true, text: true } }),
  ]);
  return {
    ...run,
    iterationsLog: run.iterationsLog.map((it) => ({ ...it, gateScores: (Array.isArray(it.gateScores) ? it.gateScores : []) as GateScore[] })),
    items: run.changeSets.flatMap((s) => s.items),
    reports,
    observations,
  };
}

/** The agent's run in progress, if any (what the live status shows). */
export async function getLiveRun(workspaceId: string, agentId: string) {
  return db.wakeRun.findFirst({
    where: { workspaceId, agentId, status: "running" },
    orderBy: { startedAt: "desc" },
    select: { id: true, phase: true, phaseIteration: true, startedAt: true },
  });
}
