"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { SetHeadInput } from "../schemas";
import { setTemplateHead } from "../server/set-template-head";

/** Promote (newer) or roll back (older): moves the head; instances pick it up at their next run. */
export const setTemplateHeadAction = workspaceAction({ input: SetHeadInput, permission: "templates.write" }, async (input, ctx) => {
  const result = await setTemplateHead({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return result;
});
