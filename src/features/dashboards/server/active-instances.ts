import "server-only";
import type { AgentLifecycle, WakeRunStatus } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { windowRange } from "../window";
import { int, ts, utc } from "./sql";

export type ActiveInstance = {
  agentId: string;
  displayName: string;
  lifecycle: AgentLifecycle;
  taskId: string | null;
  taskTitle: string | null;
  lastWakeAt: Date;
  lastRunStatus: WakeRunStatus | null;
  /** Runs in the window. */
  wakeCount: number;
};

/**
 * Agents of the template with at least one run in the window, the `limit` most
 * recently woken, with their task, last run status and wake count in the window; plus how many
 * agents were active in all. One statement: a grouped range scan of WakeRun (templateId,
 * startedAt), then per shown row a lookup of its latest run (agentId, startedAt).
 */
export async function getActiveInstances({ workspaceId, templateId, days, now = new Date(), limit = 20 }: { workspaceId: string; templateId: string; days: number; now?: Date; limit?: number }) {
  const { start, end } = windowRange(days, now);
  const rows = await db.$queryRaw<{ agentId: string; displayName: string; lifecycle: AgentLifecycle; taskId: string | null; taskTitle: string | null; lastWakeAt: Date | string; lastRunStatus: WakeRunStatus | null; wakeCount: number; total: number }[]>`
    WITH w AS (
      SELECT "agentId", max("startedAt") AS last_wake, count(*)::int AS wakes
      FROM "WakeRun"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
        AND "startedAt" >= ${ts(start)} AND "startedAt" < ${ts(end)}
      GROUP BY "agentId"
    ), top AS (
      SELECT * FROM w ORDER BY last_wake DESC, "agentId" LIMIT ${limit}
    )
    SELECT top."agentId", a."displayName", a."lifecycle", a."taskId", t."title" AS "taskTitle",
           top.last_wake AS "lastWakeAt", lr."status" AS "lastRunStatus", top.wakes AS "wakeCount",
           (SELECT count(*) FROM w)::int AS total
    FROM top
    JOIN "Agent" a ON a."id" = top."agentId" AND a."workspaceId" = ${workspaceId}
    LEFT JOIN "Task" t ON t."id" = a."taskId" AND t."workspaceId" = ${workspaceId}
    LEFT JOIN LATERAL (
      SELECT r."status" FROM "WakeRun" r
      WHERE r."agentId" = top."agentId" AND r."startedAt" < ${ts(end)}
      ORDER BY r."startedAt" DESC LIMIT 1
    ) lr ON true
    ORDER BY top.last_wake DESC, top."agentId"`;
  const instances: ActiveInstance[] = rows.map((r) => ({
    agentId: r.agentId,
    displayName: r.displayName,
    lifecycle: r.lifecycle,
    taskId: r.taskId,
    taskTitle: r.taskTitle,
    lastWakeAt: utc(r.lastWakeAt)!,
    lastRunStatus: r.lastRunStatus,
    wakeCount: int(r.wakeCount),
  }));
  return { total: rows.length ? int(rows[0].total) : 0, instances };
}
