import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

async function agentOrThrow(scope: Scope, agentId: string, tx: Tx) {
  const agent = await tx.agent.findFirst({ where: { id: agentId, workspaceId: scope.workspaceId }, select: { id: true, templateId: true } });
  if (!agent) throw notFound("Agent not found.");
  return agent;
}

async function runOrThrow(scope: Scope, agentId: string, wakeRunId: string | null | undefined, tx: Tx) {
  if (!wakeRunId) return null;
  const run = await tx.wakeRun.findFirst({ where: { id: wakeRunId, agentId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!run) throw notFound("Run not found for this agent.");
  return run.id;
}

/** An observation an agent left while working: free text plus optional structured payload. */
export async function recordObservation(options: { scope: Scope; agentId: string; text: string; payload?: Prisma.InputJsonObject; wakeRunId?: string | null; createdAt?: Date }, tx: Tx = db) {
  const agent = await agentOrThrow(options.scope, options.agentId, tx);
  const wakeRunId = await runOrThrow(options.scope, agent.id, options.wakeRunId, tx);
  return tx.agentMessage.create({
    data: {
      workspaceId: options.scope.workspaceId,
      agentId: agent.id,
      templateId: agent.templateId,
      kind: "observation",
      text: options.text,
      payload: options.payload ?? {},
      wakeRunId,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    },
    select: { id: true, agentId: true, kind: true, text: true, createdAt: true },
  });
}

/** A report (markdown) an agent wrote about its work; `confidence` 0–1 feeds trend analysis. */
export async function writeReport(options: { scope: Scope; agentId: string; markdown: string; reportScope?: string; confidence?: number | null; wakeRunId?: string | null }, tx: Tx = db) {
  const agent = await agentOrThrow(options.scope, options.agentId, tx);
  const wakeRunId = await runOrThrow(options.scope, agent.id, options.wakeRunId, tx);
  return tx.agentReport.create({
    data: {
      workspaceId: options.scope.workspaceId,
      agentId: agent.id,
      templateId: agent.templateId,
      wakeRunId,
      scope: options.reportScope ?? "current",
      markdown: options.markdown,
      confidence: options.confidence ?? null,
    },
    select: { id: true, agentId: true, scope: true, confidence: true, createdAt: true },
  });
}
