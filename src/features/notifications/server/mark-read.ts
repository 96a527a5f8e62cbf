import "server-only";
import { db } from "@/server/db";
import { verifyNotificationSignature } from "./signing";

// Every write is scoped by the owner in the WHERE: someone else's notification id matches no row.
// Marking read is idempotent (`readAt: null` in the filter keeps the first read time).

export async function markRead({ userId, workspaceId, ids }: { userId: string; workspaceId: string; ids: string[] }): Promise<{ count: number }> {
  if (ids.length === 0) return { count: 0 };
  const { count } = await db.notification.updateMany({
    where: { id: { in: ids }, userId, workspaceId, readAt: null },
    data: { readAt: new Date() },
  });
  return { count };
}

export async function markAllRead({ userId, workspaceId }: { userId: string; workspaceId: string }): Promise<{ count: number }> {
  const { count } = await db.notification.updateMany({ where: { userId, workspaceId, readAt: null }, data: { readAt: new Date() } });
  return { count };
}

/**
 * For a page opened from an email (`?n=<id>&sig=<hmac>`): true when the signature was issued for
 * this user and this notification, which is theirs and is now read. Any bad input is just false.
 */
export async function markReadFromLink({ userId, notificationId, sig }: { userId: string; notificationId: string; sig: string }): Promise<boolean> {
  if (typeof notificationId !== "string" || notificationId.length > 64) return false;
  if (!verifyNotificationSignature(notificationId, userId, sig)) return false;
  const { count } = await db.notification.updateMany({ where: { id: notificationId, userId, readAt: null }, data: { readAt: new Date() } });
  if (count === 1) return true;
  return (await db.notification.count({ where: { id: notificationId, userId } })) === 1; // already read
}

/** For a page opened from the in-app list: marks read the user's unread notifications pointing at `link`. */
export async function markReadByLink({ userId, workspaceId, link }: { userId: string; workspaceId: string; link: string }): Promise<{ count: number }> {
  const { count } = await db.notification.updateMany({ where: { userId, workspaceId, link, readAt: null }, data: { readAt: new Date() } });
  return { count };
}

/**
 * A page opened from a notification (the ritual review page), after it rendered: its in-app
 * notifications pointing at `link`, and the email's own one when `n` and `sig` are a valid signed
 * pair. Called by a client action, so viewing the page (GET) writes nothing.
 */
export async function markViewedRead({ userId, workspaceId, link, n, sig }: { userId: string; workspaceId: string; link: string; n?: string; sig?: string }): Promise<{ count: number }> {
  const { count } = await markReadByLink({ userId, workspaceId, link });
  const fromEmail = n && sig ? await markReadFromLinkCount({ userId, workspaceId, notificationId: n, sig }) : 0;
  return { count: count + fromEmail };
}

async function markReadFromLinkCount({ userId, workspaceId, notificationId, sig }: { userId: string; workspaceId: string; notificationId: string; sig: string }): Promise<number> {
  if (notificationId.length > 64 || !verifyNotificationSignature(notificationId, userId, sig)) return 0;
  const { count } = await db.notification.updateMany({ where: { id: notificationId, userId, workspaceId, readAt: null }, data: { readAt: new Date() } });
  return count;
}
