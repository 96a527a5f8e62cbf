"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { DecideInput } from "../schemas";
import { decideChangeItems as decide } from "../server/decide-change-items";

export const decideChangeItems = workspaceAction({ input: DecideInput, permission: "decisions.decide" }, async (input, ctx) => {
  const result = await decide({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}`, "layout");
  return result;
});
