"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RateRunInput } from "../schemas";
import { rateRun } from "../server/rate-run";

export const rateRunAction = workspaceAction({ input: RateRunInput, permission: "runs.rate" }, async (input, ctx) => {
  const result = await rateRun({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/agents`, "layout");
  return result;
});
