"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/server/action-client";
import { scopeOf } from "@/server/scope";
import { RevokeApiKeyInput } from "../schemas";
import { revokeApiKey as revoke } from "../server/revoke-api-key";

export const revokeApiKey = workspaceAction({ input: RevokeApiKeyInput, permission: "apiKeys.manage" }, async (input, ctx) => {
  const result = await revoke({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/settings/api-keys`);
  return result;
});
