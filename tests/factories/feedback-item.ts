import type { Prisma } from "@/generated/prisma/client";
import type { AgentRef } from "./agent";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

type Fields = Partial<Omit<Prisma.FeedbackItemUncheckedCreateInput, "workspaceId" | "templateId" | "agentId">> &
  Pick<Prisma.FeedbackItemUncheckedCreateInput, "sentiment" | "category" | "detail">;

/** A classified feedback item about the agent, as the pipeline writes one (from an observation, by the rules, unless given). */
export async function makeFeedbackItem(agent: AgentRef, fields: Fields, db: FactoryDb = factoryDb()) {
  return db.feedbackItem.create({
    data: {
      workspaceId: agent.workspaceId, templateId: agent.templateId, agentId: agent.id, sourceType: "observation", sourceId: `feedback-${uid()}`,
      confidence: 0.9, classifiedBy: "rule", sourceCounter: 1n, occurredAt: new Date(), ...fields,
    },
  });
}
