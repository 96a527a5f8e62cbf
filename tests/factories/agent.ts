import type { CreateAgentOptions } from "@/features/agents/server/create-agent";
import type { Prisma } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

/** What rows that belong to an agent copy from it (an Agent row is one). */
export type AgentRef = { id: string; workspaceId: string; templateId: string };

/** An agent on a task template through the product's service (with its state row). */
export async function makeAgent(scope: Scope, templateId: string, options: Partial<Omit<CreateAgentOptions, "scope" | "templateId">> = {}) {
  const { createAgent } = await import("@/features/agents/server/create-agent");
  return createAgent({ scope, templateId, displayName: `Agent ${uid()}`, ...options });
}

/** An agent row with its state row, written as given (backdated, with a wake counter…). */
export async function makeAgentRow(
  template: { id: string; workspaceId: string },
  fields: Partial<Omit<Prisma.AgentUncheckedCreateInput, "workspaceId" | "templateId">> & { wakeCounter?: number } = {},
  db: FactoryDb = factoryDb(),
) {
  const { wakeCounter, ...columns } = fields;
  const workspaceId = template.workspaceId;
  return db.agent.create({
    data: { workspaceId, templateId: template.id, displayName: `Agent ${uid()}`, ...columns, state: { create: { workspaceId, ...(wakeCounter === undefined ? {} : { wakeCounter }) } } },
  });
}

/**
 * `count` agent rows on the template in ONE statement (createMany; no state rows), for lists
 * that must page: named `<prefix> 0001`…, created a second apart with the last one newest, and a
 * lifecycle per index. Returns their names in creation order.
 */
export async function makeAgentRows(
  template: { id: string; workspaceId: string },
  count: number,
  { prefix = `Agent ${uid()}`, lifecycle = () => "active", start = new Date(Date.now() - count * 1_000 - 60_000) }: { prefix?: string; lifecycle?: (i: number) => "created" | "active" | "dormant" | "destroyed"; start?: Date } = {},
  db: FactoryDb = factoryDb(),
) {
  const width = String(count).length;
  const rows = Array.from({ length: count }, (_, i) => ({
    workspaceId: template.workspaceId,
    templateId: template.id,
    displayName: `${prefix} ${String(i + 1).padStart(width, "0")}`,
    lifecycle: lifecycle(i),
    createdAt: new Date(start.getTime() + i * 1_000),
  }));
  await db.agent.createMany({ data: rows });
  return rows.map((r) => r.displayName);
}
