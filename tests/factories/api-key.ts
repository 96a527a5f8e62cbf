import type { ApiScope } from "@/features/api-keys/scopes";
import type { Scope } from "@/server/scope";
import { uid } from "./uid";

/** An API key through the product's service; `secret` is the bearer token. */
export async function makeApiKey(scope: Scope, scopes: ApiScope[] = ["read", "write"]) {
  const { createApiKey } = await import("@/features/api-keys/server/create-api-key");
  return createApiKey({ scope, name: `Key ${uid()}`, scopes });
}
