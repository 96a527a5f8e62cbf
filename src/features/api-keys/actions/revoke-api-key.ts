"use server";
import { revalidatePath } from "next/cache";
import { workspaceAction } from "@/features/workspaces/server";
import { scopeOf } from "@/server/scope";
import { RevokeApiKeyInput } from "../schemas";
import { revokeApiKey } from "../server/revoke-api-key";

export const revokeApiKeyAction = workspaceAction({ input: RevokeApiKeyInput, permission: "apiKeys.manage" }, async (input, ctx) => {
  const result = await revokeApiKey({ scope: scopeOf(ctx), ...input });
  revalidatePath(`/w/${ctx.workspace.slug}/settings/api-keys`);
  return result;
});
