"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { CreateTemplateInput } from "../schemas";
import { createTemplate as create } from "../server/create-template";

export const createTemplate = workspaceAction({ input: CreateTemplateInput, permission: "templates.write" }, async (input, ctx) => {
  const template = await create({ scope: scopeOf(ctx), ...input, authoredBy: "user" });
  revalidatePath(`/w/${ctx.workspace.slug}/templates`);
  return { id: template.id };
});
