import "server-only";
import type { Tx } from "@/server/db";
import type { NotificationResolution } from "../schemas";

/** The subject of the notifications that ask people to review a session's proposal. */
export const sessionSubject = (sessionId: string) => `session:${sessionId}`;
/** The subject of a notification that asks people to decide an agent's proposal (change item). */
export const changeItemSubject = (changeItemId: string) => `change-item:${changeItemId}`;

/**
 * Settles the open notifications that asked for a decision, in the transaction of the decision
 * itself (approve, reject, expiry, a confirmed or rejected change item), so a notification never
 * reads "ready for review" after the review happened, and the bell stops counting it. Resolved
 * once: a later decision on the same subject leaves the first resolution as it was. Every
 * recipient's row of the subject is settled, read or not.
 */
export async function resolveNotifications(
  tx: Tx,
  { workspaceId, subjects, resolution, resolvedById, at = new Date() }: { workspaceId: string; subjects: string[]; resolution: NotificationResolution; resolvedById: string | null; at?: Date },
): Promise<{ count: number }> {
  if (subjects.length === 0) return { count: 0 };
  return tx.notification.updateMany({
    where: { workspaceId, subject: { in: subjects }, resolvedAt: null },
    data: { resolution, resolvedAt: at, resolvedById },
  });
}
