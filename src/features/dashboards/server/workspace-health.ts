import "server-only";
import type { TemplateKind } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { acceptanceRate, windowRange } from "../window";
import { int, num, ts, utc } from "./sql";

export type TemplateHealth = {
  templateId: string;
  name: string;
  kind: TemplateKind;
  headNumber: number | null;
  quality: { current: number | null; previous: number | null };
  acceptance: { current: number | null; previous: number | null };
  runsThisWeek: number;
  pendingDecisions: number;
  lastActivityAt: Date | null;
  /** The improver's next scheduled ritual (null: no improver, or it is paused). */
  nextRitualAt: Date | null;
};

/**
 * Every task template of the workspace at a glance (the improver templates have their own pages): quality and acceptance in the last 7 days vs the 7
 * before, pending decisions, last run. Two concurrent statements; per template only index range scans
 * (WakeRun (templateId, startedAt), ChangeDecision (templateId, decidedAt)), pending items grouped once.
 */
export async function getWorkspaceHealth({ workspaceId, now = new Date() }: { workspaceId: string; now?: Date }): Promise<TemplateHealth[]> {
  const { start, end, prevStart } = windowRange(7, now);
  const cur = ts(start);
  // Two statements sent concurrently: runs side and decisions side, each one index range per template.
  const [rows, decisionRows] = await Promise.all([
    db.$queryRaw<{ id: string; name: string; kind: TemplateKind; head: number | null; q: number | null; q_prev: number | null; runs: number; pending: number; last_at: Date | string | null; next_ritual: Date | string | null }[]>`
      WITH pending AS (
        SELECT "templateId", count(*)::int AS n FROM "ChangeItem"
        WHERE "workspaceId" = ${workspaceId} AND "status" = 'pending'
        GROUP BY 1
      )
      SELECT t."id", t."name", t."kind", hv."number" AS head, r.q, r.q_prev, r.runs, COALESCE(pending.n, 0) AS pending, la.last_at,
        (SELECT s."scheduledWakeAt" FROM "Agent" a JOIN "AgentState" s ON s."agentId" = a."id"
         WHERE a."targetTemplateId" = t."id" AND a."workspaceId" = ${workspaceId} AND a."kind" = 'templateImprover' AND a."lifecycle" = 'active') AS next_ritual
      FROM "AgentTemplate" t
      LEFT JOIN "TemplateVersion" hv ON hv."id" = t."headVersionId"
      LEFT JOIN pending ON pending."templateId" = t."id"
      LEFT JOIN LATERAL (
        SELECT avg("qualityScore") FILTER (WHERE "startedAt" >= ${cur})::float8 AS q,
               avg("qualityScore") FILTER (WHERE "startedAt" < ${cur})::float8 AS q_prev,
               count(*) FILTER (WHERE "startedAt" >= ${cur})::int AS runs
        FROM "WakeRun"
        WHERE "templateId" = t."id" AND "workspaceId" = ${workspaceId} AND "startedAt" >= ${ts(prevStart)} AND "startedAt" < ${ts(end)}
      ) r ON true
      LEFT JOIN LATERAL (
        SELECT max("startedAt") AS last_at FROM "WakeRun" WHERE "templateId" = t."id" AND "workspaceId" = ${workspaceId}
      ) la ON true
      WHERE t."workspaceId" = ${workspaceId} AND t."level" = 0
      ORDER BY t."name"`,
    db.$queryRaw<{ id: string; confirmed: number; rejected: number; confirmed_prev: number; rejected_prev: number }[]>`
      SELECT t."id", d.*
      FROM "AgentTemplate" t, LATERAL (
        SELECT count(*) FILTER (WHERE "verdict" = 'confirmed' AND "decidedAt" >= ${cur})::int AS confirmed,
               count(*) FILTER (WHERE "verdict" = 'rejected' AND "decidedAt" >= ${cur})::int AS rejected,
               count(*) FILTER (WHERE "verdict" = 'confirmed' AND "decidedAt" < ${cur})::int AS confirmed_prev,
               count(*) FILTER (WHERE "verdict" = 'rejected' AND "decidedAt" < ${cur})::int AS rejected_prev
        FROM "ChangeDecision"
        WHERE "templateId" = t."id" AND "workspaceId" = ${workspaceId} AND "decidedAt" >= ${ts(prevStart)} AND "decidedAt" < ${ts(end)}
      ) d
      WHERE t."workspaceId" = ${workspaceId}`,
  ]);
  const decisions = new Map(decisionRows.map((d) => [d.id, d]));
  return rows.map((r) => {
    const d = decisions.get(r.id);
    return {
    templateId: r.id,
    name: r.name,
    kind: r.kind,
    headNumber: r.head == null ? null : int(r.head),
    quality: { current: num(r.q), previous: num(r.q_prev) },
    acceptance: { current: acceptanceRate(int(d?.confirmed), int(d?.rejected)), previous: acceptanceRate(int(d?.confirmed_prev), int(d?.rejected_prev)) },
    runsThisWeek: int(r.runs),
    pendingDecisions: int(r.pending),
    lastActivityAt: utc(r.last_at),
    nextRitualAt: utc(r.next_ritual),
    };
  });
}
