import "server-only";
import { z } from "zod";
import type { Prisma, WakeReason, WakeRunStatus } from "@/generated/prisma/client";
import { armOfRecordedRun, versionForWake } from "@/features/probation/server";
import { resolveActiveVersion } from "@/features/templates/server";
import { db, type Tx } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

// An external agent (its template runs in the team's own code) may send what its run was given
// (POST /api/v1/runs `inputs`, any JSON object): stored on the run as given, tagged so it is never
// read as the product's own wake inputs (runtime's run-inputs.ts), and handed back to the
// template's replay endpoint, which plays the run again in the team's own code (features/replay).
const ExternalRunInputsSchema = z.object({ v: z.literal("external"), given: z.record(z.string(), z.unknown()) });

/** An external run's inputs read back (null for the product's own wakes, or runs without inputs). */
export function parseExternalRunInputs(stored: unknown): Record<string, unknown> | null {
  const parsed = ExternalRunInputsSchema.safeParse(stored);
  return parsed.success ? parsed.data.given : null;
}

export type RecordRunOptions = {
  scope: Scope;
  agentId: string;
  reason: WakeReason;
  status: Exclude<WakeRunStatus, "running">;
  /** The version the run used. Omitted: the version this agent runs now (the head, or its probation arm's). */
  templateVersionId?: string;
  startedAt?: Date;
  finishedAt?: Date;
  durationMs?: number;
  inputTokens?: number;
  outputTokens?: number;
  qualityScore?: number | null;
  iterations?: number | null;
  error?: string | null;
  /** What the run was given (an external agent's own JSON), stored so its replay endpoint can play the run again. */
  inputs?: Prisma.InputJsonObject;
};

/**
 * Logs a finished wake run with its version provenance and updates the agent's state in the same
 * transaction (lastWakeAt, wakeCounter; consecutiveFailureCount reset on success, +1 on failure).
 * While a probation runs, the run is counted in the arm whose version it ran (recorded on the run,
 * as the product's own wakes are); `warning` says when that is not the arm the agent was dealt,
 * or when it ran neither arm's version (then it counts in neither).
 */
export async function recordRun(options: RecordRunOptions) {
  const { scope } = options;
  return db.$transaction(async (tx) => {
    const agent = await tx.agent.findFirst({ where: { id: options.agentId, workspaceId: scope.workspaceId }, select: { id: true, templateId: true } });
    if (!agent) throw notFound("Agent not found.");
    let versionId = options.templateVersionId;
    let versionNumber: number;
    if (versionId) {
      const version = await tx.templateVersion.findFirst({ where: { id: versionId, templateId: agent.templateId, workspaceId: scope.workspaceId }, select: { id: true, number: true } });
      if (!version) throw badRequest("templateVersionId is not a version of this agent's template.", { templateVersionId: ["Unknown version for this template."] });
      versionNumber = version.number;
    } else {
      const head = await resolveActiveVersion({ workspaceId: scope.workspaceId, templateId: agent.templateId }, tx);
      const { version } = await versionForWake(tx, { workspaceId: scope.workspaceId, templateId: agent.templateId, agentId: agent.id, head });
      versionId = version.id;
      versionNumber = version.number;
    }
    const probation = await armOfRecordedRun(tx, { workspaceId: scope.workspaceId, templateId: agent.templateId, agentId: agent.id, versionId });
    const warning = !probation
      ? null
      : probation.arm === null
        ? `A probation is running and this agent's arm runs v${probation.expectedVersion}; the run used v${versionNumber}, which neither arm runs, so it is not counted in the probation.`
        : probation.arm !== probation.expected
          ? `This agent's probation arm runs v${probation.expectedVersion}; the run used v${versionNumber} and is counted in the ${probation.arm} arm, where it ran. Fetch GET /api/v1/agents/${agent.id}/directives before each run.`
          : null;
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
        inputs: options.inputs ? { v: "external", given: options.inputs } : undefined,
        probationId: probation?.arm ? probation.probationId : null,
        arm: probation?.arm ?? null,
      },
    });
    await applyRunToState(tx, agent.id, { finishedAt, failed: options.status === "failed" });
    return { ...run, warning };
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
