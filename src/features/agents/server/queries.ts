import "server-only";
import { db } from "@/server/db";

export async function listAgents({ workspaceId, templateId, limit = 200 }: { workspaceId: string; templateId?: string; limit?: number }) {
  return db.agent.findMany({
    where: { workspaceId, ...(templateId ? { templateId } : {}) },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true, displayName: true, lifecycle: true, kind: true, createdAt: true,
      template: { select: { id: true, name: true } },
      task: { select: { id: true, title: true, status: true } },
      state: { select: { lastWakeAt: true, wakeCounter: true, consecutiveFailureCount: true } },
      // The newest finished run: a failure is shown in the list with its reason.
      runs: { where: { finishedAt: { not: null } }, orderBy: { startedAt: "desc" }, take: 1, select: { id: true, status: true, error: true } },
    },
  });
}

export async function getAgent(workspaceId: string, agentId: string) {
  return db.agent.findFirst({
    where: { id: agentId, workspaceId },
    select: {
      id: true, displayName: true, lifecycle: true, kind: true, externalId: true, createdAt: true,
      template: { select: { id: true, name: true, runsExternally: true, head: { select: { number: true } } } },
      task: { select: { id: true, title: true, status: true } },
      state: true,
    },
  });
}

/**
 * An agent's newest observations and reports, at most `limit` of each, and whether it has more
 * (one row more is read to know; the agent page links the rest to Search).
 */
export async function listAgentMessages(workspaceId: string, agentId: string, limit: { observations: number; reports: number }) {
  const [observations, reports] = await Promise.all([
    db.agentMessage.findMany({
      where: { workspaceId, agentId, kind: "observation" },
      orderBy: { createdAt: "desc" },
      take: limit.observations + 1,
      select: { id: true, text: true, createdAt: true },
    }),
    db.agentReport.findMany({
      where: { workspaceId, agentId },
      orderBy: { createdAt: "desc" },
      take: limit.reports + 1,
      select: { id: true, scope: true, markdown: true, confidence: true, createdAt: true },
    }),
  ]);
  return {
    observations: observations.slice(0, limit.observations),
    moreObservations: observations.length > limit.observations,
    reports: reports.slice(0, limit.reports),
    moreReports: reports.length > limit.reports,
  };
}
