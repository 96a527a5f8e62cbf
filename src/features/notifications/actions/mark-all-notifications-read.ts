"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { MarkAllNotificationsReadInput } from "../schemas";
import { markAllRead } from "../server/mark-read";

export const markAllNotificationsReadAction = workspaceAction(
  { input: MarkAllNotificationsReadInput, permission: "workspace.read" },
  async (_input, ctx) => {
    const result = await markAllRead({ userId: ctx.user.id, workspaceId: ctx.workspace.id });
    revalidatePath(`/w/${ctx.workspace.slug}`, "layout"); // the bell's count lives in the layout
    return result;
  },
);
