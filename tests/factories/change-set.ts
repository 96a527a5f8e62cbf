import type { ProposedItem } from "@/features/decisions/server/create-change-set";
import type { Prisma, Verdict } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import type { AgentRef } from "./agent";
import { factoryDb, type FactoryDb } from "./db";

const ESTIMATE: ProposedItem = { tool: "propose_estimate", args: { minutes: 30 }, summary: "Estimate 30 min" };

/** A change set the agent proposes, through the product's service (pending items). */
export async function makeChangeSet(scope: Scope, agentId: string, items: ProposedItem[] = [ESTIMATE], options: { wakeRunId?: string | null; taskId?: string | null } = {}) {
  const { createChangeSet } = await import("@/features/decisions/server/create-change-set");
  return createChangeSet({ scope, agentId, items, ...options });
}

type ItemColumns = Partial<Omit<Prisma.ChangeItemUncheckedCreateInput, "workspaceId" | "changeSetId" | "agentId" | "templateId">>;
/** A decision on the item, by `decidedById` (its verdict is the item's status). */
export type DecisionFields = { verdict: Verdict; decidedById: string; reason?: string | null; decidedAt?: Date };
export type ItemRow = ItemColumns & { decision?: DecisionFields };

/**
 * A change set row with its items written as given, each optionally decided (for backdated
 * history and e2e). An item defaults to a pending 30-minute estimate.
 */
export async function makeChangeSetRow(
  agent: AgentRef,
  fields: Partial<Omit<Prisma.ChangeSetUncheckedCreateInput, "workspaceId" | "agentId" | "templateId">> & { items?: ItemRow[] } = {},
  db: FactoryDb = factoryDb(),
) {
  const { items = [{} as ItemRow], ...columns } = fields;
  const base = { workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId };
  const set = await db.changeSet.create({ data: { ...base, ...columns } });
  const created = [];
  for (const { decision, ...item } of items) {
    const tool = item.tool ?? ESTIMATE.tool;
    const status = decision?.verdict ?? item.status;
    const row = await db.changeItem.create({
      data: { ...base, changeSetId: set.id, summary: ESTIMATE.summary, ...item, tool, ...(status ? { status } : {}) },
    });
    if (decision) await db.changeDecision.create({ data: { ...base, changeItemId: row.id, tool, ...decision } });
    created.push(row);
  }
  return { set, items: created };
}

/**
 * `count` items of one change set in ONE statement (createMany), for an inbox that must page:
 * summaries `<prefix> 0001`…, created a second apart from `start` (the last one newest), a tool
 * and a status per index (pending 30-minute estimates by default).
 */
export async function makeChangeItemRows(
  agent: AgentRef,
  count: number,
  { prefix = "Item", tool = () => ESTIMATE.tool, status = () => "pending", start = new Date(Date.now() - count * 1_000 - 60_000), taskId = null }: {
    prefix?: string; tool?: (i: number) => string; status?: (i: number) => "pending" | "deferred" | "confirmed" | "rejected"; start?: Date; taskId?: string | null;
  } = {},
  db: FactoryDb = factoryDb(),
) {
  const base = { workspaceId: agent.workspaceId, agentId: agent.id, templateId: agent.templateId };
  const set = await db.changeSet.create({ data: { ...base, taskId } });
  const width = String(count).length;
  await db.changeItem.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      ...base, changeSetId: set.id, tool: tool(i), args: { minutes: 30 }, status: status(i),
      summary: `${prefix} ${String(i + 1).padStart(width, "0")}`, createdAt: new Date(start.getTime() + i * 1_000),
    })),
  });
  return set;
}
