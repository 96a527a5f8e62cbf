"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CreateVersionInput } from "../schemas";
import { createTemplateVersion } from "../server/create-template-version";

export const createTemplateVersionAction = workspaceAction({ input: CreateVersionInput, permission: "templates.write" }, async (input, ctx) => {
  const version = await createTemplateVersion({ scope: scopeOf(ctx), templateId: input.templateId, directives: input.directives, rationale: input.rationale, authoredBy: "user" });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`, "layout");
  return { id: version.id, number: version.number };
});
