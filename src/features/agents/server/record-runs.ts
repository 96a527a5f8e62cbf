import "server-only";
import type { WakeReason } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { armOfVersion, OPEN_STATUSES, versionOfArm } from "@/features/probation/server";
import type { Tx } from "@/server/db";
import type { Scope } from "@/server/scope";

// Many finished runs reported at once (the OpenTelemetry ingest: an export holds a hundred runs),
// in the caller's transaction with a fixed number of statements whatever their count — the same
// rules as recordRun, set-based: each run's version (given, else the agent's probation arm's), the
// probation arm it is counted in, the agents' state (last wake, wake count, failure streak), and a
// run already stored under its externalId is not stored again.

export type RunToRecord = {
  agentId: string;
  templateId: string;
  reason: WakeReason;
  status: "succeeded" | "failed";
  templateVersionId?: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
  error: string | null;
  externalId: string;
};

/** Per input run: the stored run's id, and whether it was already there. Agents must be of the scope's workspace (the caller checked). */
export async function recordRuns(tx: Tx, scope: Scope, runs: RunToRecord[]): Promise<{ id: string; duplicate: boolean }[]> {
  if (runs.length === 0) return [];
  const workspaceId = scope.workspaceId;
  const existing = await tx.wakeRun.findMany({ where: { workspaceId, externalId: { in: runs.map((r) => r.externalId) } }, select: { id: true, externalId: true } });
  const known = new Map(existing.map((r) => [r.externalId!, r.id]));
  const templateIds = [...new Set(runs.map((r) => r.templateId))];
  const [templates, probations] = await Promise.all([
    tx.agentTemplate.findMany({ where: { workspaceId, id: { in: templateIds } }, select: { id: true, head: { select: { id: true, number: true, directives: true } } } }),
    tx.probation.findMany({
      where: { workspaceId, templateId: { in: templateIds }, status: { in: [...OPEN_STATUSES] } },
      orderBy: { startedAt: "desc" },
      select: { id: true, templateId: true, share: true, versionId: true, baselineVersionId: true, baseline: { select: { id: true, number: true, directives: true } } },
    }),
  ]);
  const headOf = new Map(templates.map((t) => [t.id, t.head]));
  const probationOf = new Map<string, (typeof probations)[number]>();
  for (const p of probations) if (!probationOf.has(p.templateId)) probationOf.set(p.templateId, p); // the newest open one

  const firstIndex = new Map<string, number>();
  runs.forEach((r, i) => firstIndex.has(r.externalId) || firstIndex.set(r.externalId, i));
  const isFresh = runs.map((r, i) => !known.has(r.externalId) && firstIndex.get(r.externalId) === i);
  const fresh = runs.filter((_, i) => isFresh[i]);
  const rows: Prisma.WakeRunCreateManyInput[] = fresh.map((r) => {
    const head = headOf.get(r.templateId);
    if (!head) throw new Error(`template ${r.templateId} has no head`);
    const probation = probationOf.get(r.templateId) ?? null;
    // As recordRun: the given version, else the one this agent runs now (its arm's while the head is on probation).
    const versionId = r.templateVersionId ?? versionOfArm(head, probation && probation.versionId === head.id ? probation : null, r.agentId).version.id;
    const arm = probation ? armOfVersion(probation, versionId) : null;
    return {
      workspaceId, agentId: r.agentId, templateId: r.templateId, templateVersionId: versionId, reason: r.reason, status: r.status,
      startedAt: r.startedAt, finishedAt: r.finishedAt, durationMs: r.durationMs, inputTokens: r.inputTokens, outputTokens: r.outputTokens,
      error: r.error, externalId: r.externalId, probationId: arm ? probation!.id : null, arm,
    };
  });
  const created = rows.length ? await tx.wakeRun.createManyAndReturn({ data: rows, select: { id: true, externalId: true } }) : [];
  for (const c of created) known.set(c.externalId!, c.id);

  // The agents' state, one statement: runs in the order they finished; the failure streak is reset
  // by a success and counts the failures after the last one.
  const byAgent = new Map<string, RunToRecord[]>();
  for (const r of [...fresh].sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime())) byAgent.set(r.agentId, [...(byAgent.get(r.agentId) ?? []), r]);
  if (byAgent.size) {
    const values = [...byAgent.entries()].map(([agentId, list]) => {
      const lastSuccess = list.map((r) => r.status).lastIndexOf("succeeded");
      const trailing = list.length - 1 - lastSuccess;
      return Prisma.sql`(${agentId}, ${list.length}::int, ${list.at(-1)!.finishedAt}::timestamp, ${lastSuccess >= 0}::boolean, ${trailing}::int)`;
    });
    await tx.$executeRaw`
      UPDATE "AgentState" AS s SET
        "lastWakeAt" = v.last_at,
        "wakeCounter" = s."wakeCounter" + v.runs,
        "revision" = s."revision" + v.runs,
        "consecutiveFailureCount" = CASE WHEN v.reset_streak THEN v.streak ELSE s."consecutiveFailureCount" + v.streak END
      FROM (VALUES ${Prisma.join(values)}) AS v(agent_id, runs, last_at, reset_streak, streak)
      WHERE s."agentId" = v.agent_id AND s."workspaceId" = ${workspaceId}`;
  }
  return runs.map((r, i) => ({ id: known.get(r.externalId)!, duplicate: !isFresh[i] }));
}
