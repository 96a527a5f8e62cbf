import "server-only";
import { db } from "@/server/db";
import { forbidden, unauthorized } from "@/server/errors";
import { LAST_USED_RESOLUTION_MS } from "../limits";
import { apiScopes, type ApiScope } from "../schemas";
import { API_KEY_PATTERN, hashApiKeySecret } from "./api-key-secret";

export type AuthenticatedApiKey = { id: string; workspaceId: string; scopes: ApiScope[] };

// One message for malformed, unknown and revoked keys: a caller cannot probe which keys exist or
// were revoked.
const INVALID_KEY = "Invalid or revoked API key.";

/** Resolves `Authorization: Bearer <key>` to an active key, or throws 401. */
export async function authenticateApiKey({ authorization, now = new Date() }: { authorization: string | null; now?: Date }): Promise<AuthenticatedApiKey> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized("Missing API key: send the header Authorization: Bearer <key>.");
  const secret = match[1];
  if (!API_KEY_PATTERN.test(secret)) throw unauthorized(INVALID_KEY);

  const key = await db.apiKey.findUnique({
    where: { hash: hashApiKeySecret(secret) },
    select: { id: true, workspaceId: true, scopes: true, revokedAt: true, lastUsedAt: true },
  });
  if (!key || key.revokedAt) throw unauthorized(INVALID_KEY);

  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!key.lastUsedAt || key.lastUsedAt < staleBefore) {
    // Conditional, so a burst of concurrent requests on a stale key still writes once.
    await db.apiKey.updateMany({
      where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: now },
    });
  }
  return { id: key.id, workspaceId: key.workspaceId, scopes: apiScopes.filter((s) => key.scopes.includes(s)) };
}

/** Scopes are independent: a write-only key cannot read and a read-only key cannot write. */
export function assertApiScope(key: AuthenticatedApiKey, scope: ApiScope): void {
  if (!key.scopes.includes(scope)) throw forbidden(`This API key does not have the “${scope}” scope.`);
}
