"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { SetWebhookEnabledInput, WebhookIdInput } from "../schemas";
import { deleteWebhook, sendTestWebhook, setWebhookEnabled } from "../server";

const settingsPath = (slug: string) => `/w/${slug}/settings/webhooks`;

export const deleteWebhookAction = workspaceAction({ input: WebhookIdInput, permission: "webhooks.manage" }, async (input, ctx) => {
  await deleteWebhook({ scope: scopeOf(ctx), ...input });
  revalidatePath(settingsPath(ctx.workspace.slug));
  return { deleted: true };
});

export const setWebhookEnabledAction = workspaceAction({ input: SetWebhookEnabledInput, permission: "webhooks.manage" }, async (input, ctx) => {
  await setWebhookEnabled({ scope: scopeOf(ctx), ...input });
  revalidatePath(settingsPath(ctx.workspace.slug));
  return { enabled: input.enabled };
});

export const sendTestWebhookAction = workspaceAction({ input: WebhookIdInput, permission: "webhooks.manage" }, async (input, ctx) => {
  const result = await sendTestWebhook({ scope: scopeOf(ctx), ...input });
  revalidatePath(settingsPath(ctx.workspace.slug));
  return result;
});
