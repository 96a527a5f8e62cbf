"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { SetEmailNotificationsInput } from "../schemas";
import { setEmailNotifications } from "../server/set-email-notifications";

/** The caller's own preference (their Membership row), whatever their role. */
export const setEmailNotificationsAction = workspaceAction(
  { input: SetEmailNotificationsInput, permission: "workspace.read" },
  async ({ enabled }, ctx) => {
    const result = await setEmailNotifications({ userId: ctx.user.id, workspaceId: ctx.workspace.id, enabled });
    revalidatePath(`/w/${ctx.workspace.slug}/settings/notifications`);
    return result;
  },
);
