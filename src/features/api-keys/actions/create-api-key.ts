"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { CreateApiKeyInput } from "../schemas";
import { createApiKey } from "../server/create-api-key";

/** Returns the secret: the one and only time it exists outside the caller's hands. */
export const createApiKeyAction = workspaceAction({ input: CreateApiKeyInput, permission: "apiKeys.manage" }, async (input, ctx) => {
  const key = await createApiKey({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/settings/api-keys`);
  return key;
});
