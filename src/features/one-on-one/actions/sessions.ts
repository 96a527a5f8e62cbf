"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { FinishSessionInput, SessionInput, StartSessionInput } from "../schemas";
import { abandonSession as abandon, finishSession as finish, startSession as start } from "../server/sessions";

/** Opens (or resumes) the template's one-on-one; classifies the new feedback first. */
export const startSession = workspaceAction({ input: StartSessionInput, permission: "improver.chat" }, async ({ templateId }, ctx) => {
  const { session, resumed } = await start({ scope: scopeOf(ctx), templateId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`, "layout");
  return { sessionId: session.id, sessionNumber: session.sessionNumber, resumed };
});

export const abandonSession = workspaceAction({ input: SessionInput, permission: "proposals.decide" }, async ({ sessionId }, ctx) => {
  const session = await abandon({ scope: scopeOf(ctx), sessionId });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${session.templateId}`, "layout");
  return { sessionId: session.id, status: session.status };
});

export const finishSession = workspaceAction({ input: FinishSessionInput, permission: "proposals.decide" }, async ({ sessionId, rating }, ctx) => {
  const session = await finish({ scope: scopeOf(ctx), sessionId, rating });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${session.templateId}`, "layout");
  return { sessionId: session.id, status: session.status };
});
