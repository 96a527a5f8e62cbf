import type { Verdict } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import { makeAgent, type AgentRef } from "./agent";
import { makeChangeSet, makeChangeSetRow } from "./change-set";
import { factoryDb, type FactoryDb } from "./db";

/** A proposal of `tool` by the agent, decided through the product's services; returns the item's id. */
export async function makeDecision(scope: Scope, agentId: string, tool: string, verdict: Verdict, reason?: string) {
  const { decideChangeItems } = await import("@/features/decisions/server/decide-change-items");
  const set = await makeChangeSet(scope, agentId, [{ tool, args: {}, summary: `${tool} proposal` }]);
  await decideChangeItems({ scope, itemIds: [set.items[0].id], verdict, reason });
  return set.items[0].id;
}

/** A rejected 30-minute estimate of the agent, written as a decided row. */
export async function makeRejectedEstimate(agent: AgentRef, decidedById: string, db: FactoryDb = factoryDb(), reason = "Estimate far too low") {
  return makeChangeSetRow(agent, { items: [{ decision: { verdict: "rejected", reason, decidedById } }] }, db);
}

/**
 * Feedback enough for the improver to propose: `count` agents of the template (`Agent 0`…), each
 * with a rejected estimate decided by the scope's user — a cross-agent pattern. Returns the agents.
 */
export async function makeRejectedEstimates(scope: Scope, templateId: string, count = 3, reason?: string) {
  const agents = [];
  for (let i = 0; i < count; i++) {
    const agent = await makeAgent(scope, templateId, { displayName: `Agent ${i}` });
    await makeRejectedEstimate(agent, scope.actorUserId!, undefined, reason);
    agents.push(agent);
  }
  return agents;
}
