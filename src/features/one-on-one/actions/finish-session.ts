"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { FinishSessionInput } from "../schemas";
import { finishSession } from "../server/finish-session";

export const finishSessionAction = workspaceAction({ input: FinishSessionInput, permission: "proposals.decide" }, async ({ sessionId, rating }, ctx) => {
  const session = await finishSession({ scope: scopeOf(ctx), sessionId, rating });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${session.templateId}`, "layout");
  return { sessionId: session.id, status: session.status };
});
