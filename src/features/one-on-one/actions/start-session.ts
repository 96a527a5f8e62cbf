"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { StartSessionInput } from "../schemas";
import { startSession } from "../server/start-session";

/** Opens (or resumes) the template's one-on-one; classifies the new feedback first. */
export const startSessionAction = workspaceAction({ input: StartSessionInput, permission: "improver.chat" }, async ({ templateId }, ctx) => {
  const { session, resumed } = await startSession({ scope: scopeOf(ctx), templateId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`, "layout");
  return { sessionId: session.id, sessionNumber: session.sessionNumber, resumed };
});
