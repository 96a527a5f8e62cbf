"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { SetImproverLifecycleInput } from "../schemas";
import { setImproverLifecycle } from "../server/set-improver-lifecycle";

/** Pause or resume a template's improver (admins). */
export const setImproverLifecycleAction = workspaceAction({ input: SetImproverLifecycleInput, permission: "rituals.manage" }, async ({ templateId, lifecycle }, ctx) => {
  const result = await setImproverLifecycle({ scope: scopeOf(ctx), templateId, lifecycle });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
