import type { RecordRunOptions } from "@/features/agents/server/record-run";
import type { Prisma } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import type { AgentRef } from "./agent";
import { factoryDb, type FactoryDb } from "./db";

/** A finished run through the product's service (it updates the agent's state). */
export async function makeRun(scope: Scope, agentId: string, options: Partial<Omit<RecordRunOptions, "scope" | "agentId">> = {}) {
  const { recordRun } = await import("@/features/agents/server/record-run");
  return recordRun({ scope, agentId, reason: "manual", status: "succeeded", ...options });
}

/** A run row written as given (running, backdated, scored…) on `templateVersionId`; the agent's state is left alone. */
export async function makeRunRow(
  agent: AgentRef,
  fields: Partial<Omit<Prisma.WakeRunUncheckedCreateInput, "workspaceId" | "agentId" | "templateId">> & { templateVersionId: string },
  db: FactoryDb = factoryDb(),
) {
  return db.wakeRun.create({ data: { workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId, reason: "manual", status: "succeeded", ...fields } });
}

/**
 * `count` run rows of the agent in ONE statement (createMany), for a run table that must page:
 * started a minute apart from `start` (the last one newest), a status per index; the agent's
 * state is left alone.
 */
export async function makeRunRows(
  agent: AgentRef,
  count: number,
  { templateVersionId, status = () => "succeeded", start = new Date(Date.now() - count * 60_000 - 60_000) }: {
    templateVersionId: string; status?: (i: number) => "succeeded" | "failed" | "running"; start?: Date;
  },
  db: FactoryDb = factoryDb(),
) {
  await db.wakeRun.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const startedAt = new Date(start.getTime() + i * 60_000);
      const s = status(i);
      return {
        workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId, templateVersionId, reason: "manual" as const, status: s,
        startedAt, finishedAt: s === "running" ? null : new Date(startedAt.getTime() + 5_000), durationMs: s === "running" ? null : 5_000,
        error: s === "failed" ? `Run ${i + 1} failed` : null,
      };
    }),
  });
}
