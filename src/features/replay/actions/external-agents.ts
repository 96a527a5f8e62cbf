"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RotateReplaySecretInput, UpdateExternalAgentsInput } from "../schemas";
import { rotateReplaySecret, updateExternalAgentSettings } from "../server/external-settings";

/** Where a template's agents run, and its replay endpoint (admins). */
export const updateExternalAgentsAction = workspaceAction({ input: UpdateExternalAgentsInput, permission: "templates.write" }, async (input, ctx) => {
  const result = await updateExternalAgentSettings({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${input.templateId}`, "layout");
  return { runsExternally: result.runsExternally, replayUrl: result.replayUrl };
});

export const rotateReplaySecretAction = workspaceAction({ input: RotateReplaySecretInput, permission: "templates.write" }, async (input, ctx) => {
  await rotateReplaySecret({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${input.templateId}`, "layout");
  return { rotated: true };
});
