"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { RateRunInput } from "../schemas";
import { rateRun as rate } from "../server/rate-run";

export const rateRun = workspaceAction({ input: RateRunInput, permission: "runs.rate" }, async (input, ctx) => {
  const result = await rate({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/agents`, "layout");
  return result;
});
