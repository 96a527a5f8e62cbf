"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { DecideInput } from "../schemas";
import { decideChangeItems } from "../server/decide-change-items";

export const decideChangeItemsAction = workspaceAction({ input: DecideInput, permission: "decisions.decide" }, async (input, ctx) => {
  const result = await decideChangeItems({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
