import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The feedback window over SOURCE rows: a template of a workspace, the change-counter delta
 * and/or a time range on the source's own time column. FeedbackItem and PendingFeedback rows
 * carry the source row's counter (`sourceCounter`) and time (`occurredAt`), so the window is
 * applied to them directly.
 */
export type FeedbackWindow = {
  workspaceId: string;
  templateId: string;
  /** Exclusive lower bound on the source row's change counter. */
  sinceCounter?: number;
  /** Inclusive upper bound on the source row's change counter. */
  untilCounter?: number;
  /** Inclusive lower bound on occurredAt. */
  since?: Date;
  /** Exclusive upper bound on occurredAt. */
  until?: Date;
};

function windowWhere(w: FeedbackWindow, alias: string): Prisma.Sql {
  const col = (c: string) => Prisma.raw(`${alias}."${c}"`);
  const parts = [Prisma.sql`${col("templateId")} = ${w.templateId}`, Prisma.sql`${col("workspaceId")} = ${w.workspaceId}`];
  if (w.sinceCounter !== undefined) parts.push(Prisma.sql`${col("sourceCounter")} > ${w.sinceCounter}`);
  if (w.untilCounter !== undefined) parts.push(Prisma.sql`${col("sourceCounter")} <= ${w.untilCounter}`);
  if (w.since) parts.push(Prisma.sql`${col("occurredAt")} >= ${w.since}`);
  if (w.until) parts.push(Prisma.sql`${col("occurredAt")} < ${w.until}`);
  return Prisma.join(parts, " AND ");
}

/** WHERE conditions for the PendingFeedback rows of the window (alias `p`). */
export function pendingWhere(w: FeedbackWindow, alias = "p"): Prisma.Sql {
  // Always bounded below (0 = everything), so the (templateId, sourceCounter) index serves it.
  return windowWhere({ ...w, sinceCounter: w.sinceCounter ?? 0 }, alias);
}

/** WHERE conditions for the FeedbackItem rows of the window (alias `fi`). */
export function itemWhere(w: FeedbackWindow, alias = "fi"): Prisma.Sql {
  return windowWhere(w, alias);
}
