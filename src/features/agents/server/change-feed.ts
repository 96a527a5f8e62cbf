import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db";

// Delta queries over the change counter. Each tracked table has an index on
// (workspaceId, changeCounter) and (templateId, changeCounter); every branch below is an index
// range scan with its own LIMIT, merged in counter order. Filtered by agent, the proposal tables
// read (agentId, changeCounter); the others read their (agentId, time) index and sort that agent's
// rows (≈ 100 per agent on the 10k-agent benchmark).

export const changeTypes = {
  template: { table: "AgentTemplate", agent: null, template: `"id"` },
  version: { table: "TemplateVersion", agent: null, template: `"templateId"` },
  agent: { table: "Agent", agent: `"id"`, template: `"templateId"` },
  task: { table: "Task", agent: null, template: null },
  run: { table: "WakeRun", agent: `"agentId"`, template: `"templateId"` },
  message: { table: "AgentMessage", agent: `"agentId"`, template: `"templateId"` },
  report: { table: "AgentReport", agent: `"agentId"`, template: `"templateId"` },
  changeSet: { table: "ChangeSet", agent: `"agentId"`, template: `"templateId"` },
  changeItem: { table: "ChangeItem", agent: `"agentId"`, template: `"templateId"` },
  decision: { table: "ChangeDecision", agent: `"agentId"`, template: `"templateId"` },
} as const;

export type ChangeType = keyof typeof changeTypes;
export type Change = { type: ChangeType; id: string; agentId: string | null; templateId: string | null; counter: number };

export async function listChangesSince(options: {
  workspaceId: string;
  sinceCounter: number;
  agentId?: string;
  templateId?: string;
  type?: ChangeType;
  limit?: number;
}, client: Tx | typeof db = db): Promise<Change[]> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
  const branches = (Object.entries(changeTypes) as [ChangeType, (typeof changeTypes)[ChangeType]][])
    .filter(([type, t]) => (!options.type || options.type === type) && (!options.agentId || t.agent) && (!options.templateId || t.template))
    .map(([type, t]) => {
      const conditions = [
        Prisma.sql`"workspaceId" = ${options.workspaceId}`,
        Prisma.sql`"changeCounter" > ${options.sinceCounter}`,
        ...(options.agentId && t.agent ? [Prisma.sql`${Prisma.raw(t.agent)} = ${options.agentId}`] : []),
        ...(options.templateId && t.template ? [Prisma.sql`${Prisma.raw(t.template)} = ${options.templateId}`] : []),
      ];
      return Prisma.sql`(SELECT ${type}::text AS "type", "id", ${Prisma.raw(t.agent ?? "NULL::text")} AS "agentId",
        ${Prisma.raw(t.template ?? "NULL::text")} AS "templateId", "changeCounter"
        FROM ${Prisma.raw(`"${t.table}"`)} WHERE ${Prisma.join(conditions, " AND ")}
        ORDER BY "changeCounter" LIMIT ${limit})`;
    });
  if (branches.length === 0) return [];
  const rows = await client.$queryRaw<{ type: ChangeType; id: string; agentId: string | null; templateId: string | null; changeCounter: bigint }[]>`
    SELECT * FROM (${Prisma.join(branches, " UNION ALL ")}) AS changes ORDER BY "changeCounter" LIMIT ${limit}`;
  return rows.map((r) => ({ type: r.type, id: r.id, agentId: r.agentId, templateId: r.templateId, counter: Number(r.changeCounter) }));
}

/** Per-table ceiling of countChangesSince: past it the answer is "1,000+", at bounded cost (a ritual
 * only needs "at least N new items", and a person reads "1,000+" as well as an exact figure). */
export const CHANGE_COUNT_CAP = 1_000;

/**
 * How many tracked rows of a template changed after `sinceCounter` ("47 changes since your last
 * session"). Each table's count stops at CHANGE_COUNT_CAP (a LIMITed subquery), so a template
 * with a huge backlog costs the same as one at the cap; `capped` says the total is a lower bound.
 */
export async function countChangesSince({ workspaceId, templateId, sinceCounter }: { workspaceId: string; templateId: string; sinceCounter: number }) {
  const counts = (Object.values(changeTypes) as (typeof changeTypes)[ChangeType][])
    .filter((t) => t.template)
    .map(
      (t) => Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM ${Prisma.raw(`"${t.table}"`)}
        WHERE ${Prisma.raw(t.template!)} = ${templateId} AND "workspaceId" = ${workspaceId} AND "changeCounter" > ${sinceCounter}
        LIMIT ${CHANGE_COUNT_CAP + 1}) AS s)`,
    );
  const rows = await db.$queryRaw<{ count: bigint }[]>`SELECT ${Prisma.join(counts, " AS \"count\" UNION ALL SELECT ")} AS "count"`;
  const perTable = rows.map((r) => Number(r.count));
  return {
    total: perTable.reduce((sum, n) => sum + Math.min(n, CHANGE_COUNT_CAP), 0),
    capped: perTable.some((n) => n > CHANGE_COUNT_CAP),
  };
}

/** The newest counter value stamped so far (what a reader acknowledges after processing a delta). */
export async function currentChangeCounter(): Promise<number> {
  const [row] = await db.$queryRaw<{ value: bigint | null }[]>`SELECT last_value AS "value" FROM "change_counter_seq"`;
  return Number(row.value ?? 0);
}
