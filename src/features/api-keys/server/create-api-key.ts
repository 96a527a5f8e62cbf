import "server-only";
import { db } from "@/server/db";
import type { Scope } from "@/server/scope";
import type { ApiScope } from "../schemas";
import { newApiKeySecret } from "./api-key-secret";

/**
 * Creates a workspace API key. The secret is returned here and nowhere else: only its SHA-256 is
 * stored, so it cannot be shown again (a lost key is revoked and replaced).
 */
export async function createApiKey({ scope, name, scopes }: { scope: Scope; name: string; scopes: ApiScope[] }) {
  const { secret, prefix, hash } = newApiKeySecret();
  const key = await db.apiKey.create({
    data: { workspaceId: scope.workspaceId, name, prefix, hash, scopes, createdById: scope.actorUserId },
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true },
  });
  return { ...key, secret };
}
