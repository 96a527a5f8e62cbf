import type { Prisma } from "@/generated/prisma/client";
import type { AgentRef } from "./agent";
import { factoryDb, type FactoryDb } from "./db";

/** An agent message: an observation unless `kind` says otherwise. */
export async function makeObservation(
  agent: AgentRef,
  fields: Partial<Omit<Prisma.AgentMessageUncheckedCreateInput, "workspaceId" | "agentId" | "templateId">> & { text: string },
  db: FactoryDb = factoryDb(),
) {
  return db.agentMessage.create({ data: { workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId, kind: "observation", ...fields } });
}
