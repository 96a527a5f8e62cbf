"use server";
import { revalidatePath } from "next/cache";
import { requestRitual } from "@/inngest/send";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RunRitualNowInput } from "../schemas";
import { prepareRitualRun } from "../server/run-ritual-now";

/** "Run ritual now" (members): a manual ritual wake for the template's improver, sent after the write commits. */
export const runRitualNowAction = workspaceAction({ input: RunRitualNowInput, permission: "rituals.run" }, async ({ templateId }, ctx) => {
  const prepared = await prepareRitualRun({ scope: scopeOf(ctx), templateId });
  if (!prepared.start) return { started: false as const, sessionId: prepared.sessionId };
  await requestRitual({ workspaceId: ctx.workspace.id, improverAgentId: prepared.improverAgentId, reason: "manual" });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`);
  return { started: true as const, improverAgentId: prepared.improverAgentId };
});
