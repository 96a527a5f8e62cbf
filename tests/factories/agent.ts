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
