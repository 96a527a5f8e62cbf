"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { SessionInput } from "../schemas";
import { abandonSession } from "../server/abandon-session";

export const abandonSessionAction = workspaceAction({ input: SessionInput, permission: "proposals.decide" }, async ({ sessionId }, ctx) => {
  const session = await abandonSession({ scope: scopeOf(ctx), sessionId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${session.templateId}`, "layout");
  return { sessionId: session.id, status: session.status };
});
