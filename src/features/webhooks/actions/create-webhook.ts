"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CreateWebhookInput } from "../schemas";
import { createWebhook } from "../server";

export const createWebhookAction = workspaceAction({ input: CreateWebhookInput, permission: "webhooks.manage" }, async (input, ctx) => {
  const webhook = await createWebhook({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/settings/webhooks`);
  return webhook;
});
