import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The feedback window over SOURCE rows: a template of a workspace, the change-counter delta
 * (`changeCounter > sinceCounter`, optionally `<= untilCounter`) and/or a time range on the
 * source's own time column (since inclusive, until exclusive).
 */
export type FeedbackWindow = {
  workspaceId: string;
  templateId: string;
  sinceCounter?: number;
  untilCounter?: number;
  since?: Date;
  until?: Date;
};

/** WHERE conditions for a source table (`alias`), its time column, and the window. */
export function sourceWhere(w: FeedbackWindow, alias: string, timeColumn: string): Prisma.Sql {
  const col = (c: string) => Prisma.raw(`${alias}."${c}"`);
  const parts = [Prisma.sql`${col("templateId")} = ${w.templateId}`, Prisma.sql`${col("workspaceId")} = ${w.workspaceId}`];
  // Always bounded below (0 = everything), so the (templateId, changeCounter) index serves every source.
  parts.push(Prisma.sql`${col("changeCounter")} > ${w.sinceCounter ?? 0}`);
  if (w.untilCounter !== undefined) parts.push(Prisma.sql`${col("changeCounter")} <= ${w.untilCounter}`);
  if (w.since) parts.push(Prisma.sql`${col(timeColumn)} >= ${w.since}`);
  if (w.until) parts.push(Prisma.sql`${col(timeColumn)} < ${w.until}`);
  return Prisma.join(parts, " AND ");
}
