import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";

/** The caller's own email preference in one workspace; never another member's. */
export async function setEmailNotifications({ userId, workspaceId, enabled }: { userId: string; workspaceId: string; enabled: boolean }): Promise<{ enabled: boolean }> {
  const { count } = await db.membership.updateMany({ where: { userId, workspaceId }, data: { emailNotifications: enabled } });
  if (count === 0) throw notFound("Workspace not found.");
  return { enabled };
}
