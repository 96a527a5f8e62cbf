"use server";
import { revalidatePath } from "next/cache";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CreateTemplateInput } from "../schemas";

// A template made by a person gets its improver at once (the rituals slice creates both in one
// transaction), so its first weekly ritual is already scheduled.
export const createTemplateAction = workspaceAction({ input: CreateTemplateInput, permission: "templates.write" }, async (input, ctx) => {
  const template = await createTemplateWithImprover({ scope: scopeOf(ctx), ...input, authoredBy: "user" });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`);
  return { id: template.id };
});
