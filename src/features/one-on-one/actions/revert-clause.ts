"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RevertClauseInput } from "../schemas";
import { revertClause } from "../server/clause-blame";

/** Proposes the active directives with one line reverted, in the template's one-on-one (approved there like any proposal). */
export const revertClauseAction = workspaceAction({ input: RevertClauseInput, permission: "improver.chat" }, async (input, ctx) => {
  const result = await revertClause({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates/${input.templateId}`, "layout");
  return result;
});
