import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

/**
 * Who wrote it, scoped to the workspace: the agent (404 when not the workspace's), its template,
 * and the run it belongs to (404 when the run is not that agent's).
 */
async function authorOf(scope: Scope, agentId: string, wakeRunId: string | null | undefined, tx: Tx) {
  const agent = await tx.agent.findFirst({ where: { id: agentId, workspaceId: scope.workspaceId }, select: { id: true, templateId: true } });
  if (!agent) throw notFound("Agent not found.");
  if (!wakeRunId) return { workspaceId: scope.workspaceId, agentId: agent.id, templateId: agent.templateId, wakeRunId: null };
  const run = await tx.wakeRun.findFirst({ where: { id: wakeRunId, agentId: agent.id, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!run) throw notFound("Run not found for this agent.");
  return { workspaceId: scope.workspaceId, agentId: agent.id, templateId: agent.templateId, wakeRunId: run.id };
}

/** An observation an agent left while working: free text plus optional structured payload. */
export async function recordObservation(options: { scope: Scope; agentId: string; text: string; payload?: Prisma.InputJsonObject; wakeRunId?: string | null; createdAt?: Date }, tx: Tx = db) {
  const author = await authorOf(options.scope, options.agentId, options.wakeRunId, tx);
  return tx.agentMessage.create({
    data: { ...author, kind: "observation", text: options.text, payload: options.payload ?? {}, createdAt: options.createdAt ?? new Date() },
    select: { id: true, agentId: true, kind: true, text: true, createdAt: true },
  });
}

/** A report (markdown) an agent wrote about its work; `confidence` 0–1 feeds trend analysis. */
export async function writeReport(options: { scope: Scope; agentId: string; markdown: string; reportScope?: string; confidence?: number | null; wakeRunId?: string | null }, tx: Tx = db) {
  const author = await authorOf(options.scope, options.agentId, options.wakeRunId, tx);
  return tx.agentReport.create({
    data: { ...author, scope: options.reportScope ?? "current", markdown: options.markdown, confidence: options.confidence ?? null, createdAt: new Date() },
    select: { id: true, agentId: true, scope: true, confidence: true, createdAt: true },
  });
}
