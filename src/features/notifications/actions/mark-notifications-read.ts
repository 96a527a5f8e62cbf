"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { MarkNotificationsReadInput } from "../schemas";
import { markRead } from "../server/mark-read";

// Every member, viewers included, manages their own notifications; the service scopes by the
// session user and workspace, so another member's ids match nothing (count 0).
export const markNotificationsReadAction = workspaceAction(
  { input: MarkNotificationsReadInput, permission: "workspace.read" },
  async ({ ids }, ctx) => {
    const result = await markRead({ userId: ctx.user.id, workspaceId: ctx.workspace.id, ids });
    revalidatePath(`/w/${ctx.workspace.slug}`, "layout"); // the bell's count lives in the layout
    return result;
  },
);
