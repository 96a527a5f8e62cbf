"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RunRitualNowInput } from "../schemas";
import { runRitualNow } from "../server/run-ritual-now";

export const runRitualNowAction = workspaceAction({ input: RunRitualNowInput, permission: "rituals.run" }, async ({ templateId }, ctx) => {
  const result = await runRitualNow({ scope: scopeOf(ctx), templateId });
  if (result.started) revalidatePath(`/w/${ctx.workspace.slug}/templates/${templateId}`);
  return result;
});
