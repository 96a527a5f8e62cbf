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

// An active key is remembered for a second in this process: an agent polling its directives many
// times a second costs one key lookup per second, not one per request. Revoking a key forgets it
// here at once (forgetApiKey); another app instance may accept it for at most KEY_CACHE_MS more.
// Unknown and revoked keys are never remembered.
const KEY_CACHE_MS = 1_000;
const KEY_CACHE_MAX = 10_000;
type CachedKey = { id: string; workspaceId: string; scopes: string[]; lastUsedAt: Date | null; until: number };
const remembered = new Map<string, CachedKey>();

/** Forgets a revoked key in this process (revoke-api-key.ts). */
export function forgetApiKey(apiKeyId: string): void {
  for (const [hash, key] of remembered) if (key.id === apiKeyId) remembered.delete(hash);
}

async function lookUp(hash: string, now: Date): Promise<Omit<CachedKey, "until"> | null> {
  const cached = remembered.get(hash);
  if (cached && cached.until > now.getTime()) return cached;
  const key = await db.apiKey.findUnique({ where: { hash }, select: { id: true, workspaceId: true, scopes: true, revokedAt: true, lastUsedAt: true } });
  if (!key || key.revokedAt) {
    remembered.delete(hash);
    return null;
  }
  if (remembered.size >= KEY_CACHE_MAX) remembered.clear();
  const entry = { id: key.id, workspaceId: key.workspaceId, scopes: key.scopes, lastUsedAt: key.lastUsedAt, until: now.getTime() + KEY_CACHE_MS };
  remembered.set(hash, entry);
  return entry;
}

/** Resolves `Authorization: Bearer <key>` to an active key, or throws 401. */
export async function authenticateApiKey({ authorization, now = new Date() }: { authorization: string | null; now?: Date }): Promise<AuthenticatedApiKey> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized("Missing API key: send the header Authorization: Bearer <key>.");
  const secret = match[1];
  if (!API_KEY_PATTERN.test(secret)) throw unauthorized(INVALID_KEY);

  const key = await lookUp(hashApiKeySecret(secret), now);
  if (!key) throw unauthorized(INVALID_KEY);

  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!key.lastUsedAt || key.lastUsedAt < staleBefore) {
    // Conditional, so a burst of concurrent requests on a stale key still writes once.
    await db.apiKey.updateMany({
      where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: now },
    });
    key.lastUsedAt = now;
  }
  return { id: key.id, workspaceId: key.workspaceId, scopes: apiScopes.filter((s) => key.scopes.includes(s)) };
}

/** Scopes are independent: a write-only key cannot read and a read-only key cannot write. */
export function assertApiScope(key: AuthenticatedApiKey, scope: ApiScope): void {
  if (!key.scopes.includes(scope)) throw forbidden(`This API key does not have the “${scope}” scope.`);
}
