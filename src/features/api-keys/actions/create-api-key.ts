"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { CreateApiKeyInput } from "../schemas";
import { createApiKey as create } from "../server/create-api-key";

/** Returns the secret: the one and only time it exists outside the caller's hands. */
export const createApiKey = workspaceAction({ input: CreateApiKeyInput, permission: "apiKeys.manage" }, async (input, ctx) => {
  const key = await create({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/settings/api-keys`);
  return key;
});
