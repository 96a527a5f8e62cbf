import "server-only";
import type { WakeReason, WakeRunStatus } from "@/generated/prisma/client";
import { resolveActiveVersion } from "@/features/templates/server";
import { db, type Tx } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

export type RecordRunOptions = {
  scope: Scope;
  agentId: string;
  reason: WakeReason;
  status: Exclude<WakeRunStatus, "running">;
  /** The version the run used. Omitted: the head at the time of recording. */
  templateVersionId?: string;
  startedAt?: Date;
  finishedAt?: Date;
  durationMs?: number;
  inputTokens?: number;
  outputTokens?: number;
  qualityScore?: number | null;
  iterations?: number | null;
  error?: string | null;
};

/**
 * Logs a finished wake run with its version provenance and updates the agent's state in the same
 * transaction (lastWakeAt, wakeCounter; consecutiveFailureCount reset on success, +1 on failure).
 */
export async function recordRun(options: RecordRunOptions) {
  const { scope } = options;
  return db.$transaction(async (tx) => {
    const agent = await tx.agent.findFirst({ where: { id: options.agentId, workspaceId: scope.workspaceId }, select: { id: true, templateId: true } });
    if (!agent) throw notFound("Agent not found.");
    let versionId = options.templateVersionId;
    if (versionId) {
      const version = await tx.templateVersion.findFirst({ where: { id: versionId, templateId: agent.templateId, workspaceId: scope.workspaceId }, select: { id: true } });
      if (!version) throw badRequest("templateVersionId is not a version of this agent's template.", { templateVersionId: ["Unknown version for this template."] });
    } else {
      versionId = (await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: agent.templateId }, tx)).id;
    }
    const finishedAt = options.finishedAt ?? new Date();
    const durationMs = options.durationMs ?? (options.startedAt ? finishedAt.getTime() - options.startedAt.getTime() : 0);
    const startedAt = options.startedAt ?? new Date(finishedAt.getTime() - durationMs);
    const run = await tx.wakeRun.create({
      data: {
        workspaceId: scope.workspaceId,
        agentId: agent.id,
        templateId: agent.templateId,
        templateVersionId: versionId,
        reason: options.reason,
        status: options.status,
        startedAt,
        finishedAt,
        durationMs,
        inputTokens: options.inputTokens ?? 0,
        outputTokens: options.outputTokens ?? 0,
        qualityScore: options.qualityScore ?? null,
        iterations: options.iterations ?? null,
        error: options.error ?? null,
      },
    });
    await applyRunToState(tx, agent.id, { finishedAt, failed: options.status === "failed" });
    return run;
  });
}

/** A finished run moves the agent's state: last wake, wake count, and the failure streak (reset on success). */
export async function applyRunToState(tx: Tx, agentId: string, { finishedAt, failed }: { finishedAt: Date; failed: boolean }) {
  await tx.agentState.update({
    where: { agentId },
    data: {
      lastWakeAt: finishedAt,
      wakeCounter: { increment: 1 },
      revision: { increment: 1 },
      consecutiveFailureCount: failed ? { increment: 1 } : 0,
    },
  });
}
