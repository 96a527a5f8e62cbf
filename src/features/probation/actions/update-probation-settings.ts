"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { UpdateProbationSettingsInput } from "../schemas";
import { updateProbationSettings } from "../server/update-settings";

/** How much of a template's instances a newly promoted version leaves on the previous one, and for how long. */
export const updateProbationSettingsAction = workspaceAction({ input: UpdateProbationSettingsInput, permission: "templates.write" }, async (input, ctx) => {
  const result = await updateProbationSettings({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return result;
});
