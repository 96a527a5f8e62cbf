"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { SettlePreferenceConflictInput } from "../schemas";
import { settlePreferenceConflict } from "../server/settle-preference-conflict";

/** The team's ruling on a preference conflict (or its dismissal): every member reviews proposals, so every member may settle. */
export const settlePreferenceConflictAction = workspaceAction({ input: SettlePreferenceConflictInput, permission: "proposals.decide" }, async (input, ctx) => {
  const result = await settlePreferenceConflict({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
