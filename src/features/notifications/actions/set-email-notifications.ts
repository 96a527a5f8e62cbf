"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { SetEmailNotificationsInput } from "../schemas";
import { setEmailNotifications as setPreference } from "../server/set-email-notifications";

/** The caller's own preference (their Membership row), whatever their role. */
export const setEmailNotifications = workspaceAction(
  { input: SetEmailNotificationsInput, permission: "workspace.read" },
  async ({ enabled }, ctx) => {
    const result = await setPreference({ userId: ctx.user.id, workspaceId: ctx.workspace.id, enabled });
    revalidatePath(`/w/${ctx.workspace.slug}/settings/notifications`);
    return result;
  },
);
