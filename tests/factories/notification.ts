import type { Prisma } from "@/generated/prisma/client";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

/** An in-app notification for a member of the workspace. */
export async function makeNotification(
  workspace: { id: string; slug: string },
  userId: string,
  fields: Partial<Omit<Prisma.NotificationUncheckedCreateInput, "workspaceId" | "userId">> = {},
  db: FactoryDb = factoryDb(),
) {
  return db.notification.create({
    data: { workspaceId: workspace.id, userId, kind: "ritual_outcome", title: "t", link: `/w/${workspace.slug}/x`, dedupeKey: uid(), ...fields },
  });
}
