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

/**
 * `count` observations of the agent in ONE statement (createMany), for searches that must page
 * or read a bounded number of rows: `text(i)` each, created a second apart from `start`, the
 * last one newest.
 */
export async function makeObservationRows(
  agent: AgentRef,
  count: number,
  { text, start = new Date(Date.now() - count * 1_000 - 60_000) }: { text: (i: number) => string; start?: Date },
  db: FactoryDb = factoryDb(),
) {
  await db.agentMessage.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId, kind: "observation" as const,
      text: text(i), createdAt: new Date(start.getTime() + i * 1_000),
    })),
  });
}
