"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { SetImproverLifecycleInput } from "../schemas";
import { setImproverLifecycle as setLifecycle } from "../server/schedule-writes";

/** Pause or resume a template's improver (admins). */
export const setImproverLifecycle = workspaceAction({ input: SetImproverLifecycleInput, permission: "rituals.manage" }, async ({ templateId, lifecycle }, ctx) => {
  const result = await setLifecycle({ scope: scopeOf(ctx), templateId, lifecycle });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
