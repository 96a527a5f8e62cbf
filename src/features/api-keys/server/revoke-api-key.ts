import "server-only";
import { forgetApiKey } from "./authenticate-api-key";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";

/** Revokes an active key of the workspace; the next request with it gets 401. Revocation is final. */
export async function revokeApiKey({ scope, apiKeyId }: { scope: Scope; apiKeyId: string }) {
  const res = await db.apiKey.updateMany({
    where: { id: apiKeyId, workspaceId: scope.workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (res.count !== 1) throw notFound("No active API key with this id.");
  forgetApiKey(apiKeyId);
  return { apiKeyId };
}
