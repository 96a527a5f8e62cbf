import type { Inngest, InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { env } from "@/env";

/** Where Inngest reaches the functions. Fixed, never taken from the request. */
export const INNGEST_SERVE_PATH = "/api/inngest";

/**
 * The /api/inngest handlers. The URL the app registers with Inngest (and that Inngest then calls
 * with every step) is INNGEST_SERVE_ORIGIN (else APP_URL) + INNGEST_SERVE_PATH — never derived from
 * the request's Host or X-Forwarded-* headers, which anyone can set: an unsigned sync with
 * `Host: evil.example` would otherwise register evil.example with the app's own signing key.
 */
export function serveInngest(client: Inngest.Any, functions: InngestFunction.Any[], serveOrigin = env.INNGEST_SERVE_ORIGIN ?? env.APP_URL) {
  return serve({ client, functions, serveOrigin: new URL(serveOrigin).origin, servePath: INNGEST_SERVE_PATH });
}
