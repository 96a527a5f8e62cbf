import "server-only";
import { TASK_AGENT_WAKE_ID } from "@/inngest/functions/ids";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
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

export type LiveStatus = {
  running: { id: string; phase: string | null; iteration: number | null; startedAt: string } | null;
  /** A wake asked for but not started yet (the local executor's debounce, throttle or single-flight), and when it may start. */
  queued: { startsAt: string } | null;
  /** The local executor is running a wake whose run is not open yet (it reads the reason, loads the context): "Starting…", not "Idle". */
  starting: boolean;
  /** The newest finished run: when it changes, the page's data is stale. */
  lastFinishedRunId: string | null;
};

/**
 * What the live status shows: the agent's run in progress, if any, and its newest finished run.
 * A page compares the latter with what it rendered, so it refreshes even when a wake started and
 * finished between two polls (it never saw it running).
 */
export async function getLiveStatus(workspaceId: string, agentId: string): Promise<LiveStatus> {
  const status = await findLiveStatus(workspaceId, agentId);
  // Another workspace's agent, or no agent at all: 404, like any object out of reach.
  if (!status) throw notFound("Agent not found.");
  return status;
}

/**
 * The live status, or null when the agent is not in the workspace. A page reads it before the data
 * a run changes: the client refreshes when a run finishes later than this read, so a run finishing
 * while the page renders can never be counted as seen while its output is missing from the page.
 */
export async function findLiveStatus(workspaceId: string, agentId: string): Promise<LiveStatus | null> {
  if (!(await db.agent.count({ where: { id: agentId, workspaceId } }))) return null;
  const [running, finished, jobs] = await Promise.all([
    db.wakeRun.findFirst({
      where: { workspaceId, agentId, status: "running" },
      orderBy: { startedAt: "desc" },
      select: { id: true, phase: true, phaseIteration: true, startedAt: true },
    }),
    db.wakeRun.findFirst({
      where: { workspaceId, agentId, status: { not: "running" } },
      orderBy: { startedAt: "desc" },
      select: { id: true },
    }),
    // Only the local executor keeps its runs here; under an Inngest server this finds nothing.
    db.functionRun.findMany({
      where: { functionId: TASK_AGENT_WAKE_ID, concurrencyKey: agentId, status: { in: ["debouncing", "queued", "running"] }, event: { path: ["data", "workspaceId"], equals: workspaceId } },
      orderBy: { availableAt: "asc" },
      select: { status: true, availableAt: true },
      take: 10,
    }),
  ]);
  const queued = jobs.find((j) => j.status !== "running");
  return {
    running: running ? { id: running.id, phase: running.phase, iteration: running.phaseIteration, startedAt: running.startedAt.toISOString() } : null,
    lastFinishedRunId: finished?.id ?? null,
    queued: queued ? { startsAt: queued.availableAt.toISOString() } : null,
    starting: !running && jobs.some((j) => j.status === "running"),
  };
}
