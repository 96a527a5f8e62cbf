"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { MarkViewedNotificationsReadInput } from "../schemas";
import { markViewedRead } from "../server/mark-read";

// A page opened from a notification calls this after it rendered (a POST), so the page's GET
// writes nothing. Only the caller's own notifications of this workspace can match.
export const markViewedNotificationsReadAction = workspaceAction(
  { input: MarkViewedNotificationsReadInput, permission: "workspace.read" },
  async ({ link, n, sig }, ctx) => {
    const result = await markViewedRead({ userId: ctx.user.id, workspaceId: ctx.workspace.id, link, n, sig });
    if (result.count > 0) revalidatePath(`/w/${ctx.workspace.slug}`, "layout"); // the bell's count lives in the layout
    return result;
  },
);
