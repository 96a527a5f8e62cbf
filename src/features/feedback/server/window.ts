import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The feedback window over SOURCE rows: a template of a workspace, the change-counter delta
 * (`changeCounter > sinceCounter`, optionally `<= untilCounter`) and/or a time range on the
 * source's own time column (since inclusive, until exclusive). FeedbackItem and PendingObservation
 * rows carry the source row's counter (`sourceCounter`) and time (`occurredAt`), so the window is
 * applied to them directly.
 */
export type FeedbackWindow = {
  workspaceId: string;
  templateId: string;
  sinceCounter?: number;
  untilCounter?: number;
  since?: Date;
  until?: Date;
};

/** WHERE conditions for the PendingObservation rows of the window (alias `p`). */
export function pendingWhere(w: FeedbackWindow, alias = "p"): Prisma.Sql {
  const col = (c: string) => Prisma.raw(`${alias}."${c}"`);
  // Always bounded below (0 = everything), so the (templateId, sourceCounter) index serves it.
  const parts = [Prisma.sql`${col("templateId")} = ${w.templateId}`, Prisma.sql`${col("workspaceId")} = ${w.workspaceId}`, Prisma.sql`${col("sourceCounter")} > ${w.sinceCounter ?? 0}`];
  if (w.untilCounter !== undefined) parts.push(Prisma.sql`${col("sourceCounter")} <= ${w.untilCounter}`);
  if (w.since) parts.push(Prisma.sql`${col("occurredAt")} >= ${w.since}`);
  if (w.until) parts.push(Prisma.sql`${col("occurredAt")} < ${w.until}`);
  return Prisma.join(parts, " AND ");
}
