"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { EndProbationInput } from "../schemas";
import { endProbation } from "../server/end-probation";

/** Promote the version on probation now, or roll back to the one it replaced. */
export const endProbationAction = workspaceAction({ input: EndProbationInput, permission: "templates.write" }, async (input, ctx) => {
  const result = await endProbation({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return result;
});
