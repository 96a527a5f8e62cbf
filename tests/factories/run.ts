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
