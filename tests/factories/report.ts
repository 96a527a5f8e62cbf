import type { Prisma } from "@/generated/prisma/client";
import type { AgentRef } from "./agent";
import { factoryDb, type FactoryDb } from "./db";

/** A report the agent wrote (markdown with a confidence). */
export async function makeReport(
  agent: AgentRef,
  fields: Partial<Omit<Prisma.AgentReportUncheckedCreateInput, "workspaceId" | "agentId" | "templateId">> & { markdown: string },
  db: FactoryDb = factoryDb(),
) {
  return db.agentReport.create({ data: { workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId, ...fields } });
}
