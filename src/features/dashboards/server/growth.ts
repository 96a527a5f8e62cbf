import "server-only";
import { db } from "@/server/db";
import { growthTone, windowRange } from "../window";
import { int, ts } from "./sql";

export type Growth = { thisWeek: number; lastWeek: number; tone: "green" | "amber" | "red" };

/**
 * Agent creation velocity: instances of the template created in the last 7 days vs
 * the 7 days before (rolling weeks, so Monday mornings do not look like a collapse).
 */
export async function getTemplateGrowth({ workspaceId, templateId, now = new Date() }: { workspaceId: string; templateId: string; now?: Date }): Promise<Growth> {
  const { start, end, prevStart } = windowRange(7, now);
  const [row] = await db.$queryRaw<{ this_week: number; last_week: number }[]>`
    SELECT
      count(*) FILTER (WHERE "createdAt" >= ${ts(start)})::int AS this_week,
      count(*) FILTER (WHERE "createdAt" < ${ts(start)})::int AS last_week
    FROM "Agent"
    WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
      AND "createdAt" >= ${ts(prevStart)} AND "createdAt" < ${ts(end)}`;
  const thisWeek = int(row.this_week);
  const lastWeek = int(row.last_week);
  return { thisWeek, lastWeek, tone: growthTone(thisWeek, lastWeek) };
}
