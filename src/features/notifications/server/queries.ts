import "server-only";
import { db } from "@/server/db";

// Read models: always the caller's own notifications in one workspace (userId AND workspaceId).

/** The bell: notifications still open for the user — unread, and not settled by a decision. */
export async function countOpenNotifications(userId: string, workspaceId: string): Promise<number> {
  return db.notification.count({ where: { userId, workspaceId, readAt: null, resolvedAt: null } });
}

export async function listNotifications({ userId, workspaceId, limit = 50 }: { userId: string; workspaceId: string; limit?: number }) {
  return db.notification.findMany({
    where: { userId, workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 200),
    select: {
      id: true, kind: true, title: true, body: true, link: true, readAt: true, createdAt: true,
      resolution: true, resolvedAt: true, resolvedBy: { select: { name: true, email: true } },
    },
  });
}

/** The workspace's time zone (its ritual schedule's), in which the list says when a request was settled. */
export async function getNotificationTimezone(workspaceId: string): Promise<string> {
  const workspace = await db.workspace.findUnique({ where: { id: workspaceId }, select: { ritualTimezone: true } });
  return workspace?.ritualTimezone ?? "UTC";
}

export type NotificationListItem = Awaited<ReturnType<typeof listNotifications>>[number];

/** The caller's per-workspace email preference (in-app notifications always arrive). */
export async function getEmailNotifications({ userId, workspaceId }: { userId: string; workspaceId: string }): Promise<boolean> {
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { emailNotifications: true },
  });
  return membership?.emailNotifications ?? false;
}
