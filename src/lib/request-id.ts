// Request ids (src/proxy.ts sets `x-request-id` on every request; src/server/request-context.ts
// carries it to the log lines). No Node-only imports: the proxy may run anywhere.

/** A caller's request id is kept when it looks like one (no spaces, quotes or control characters). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of the request being served (its `x-request-id` header), or a new one when there is none. */
export function requestIdOf(headers: Pick<Headers, "get"> | null | undefined): string {
  const given = headers?.get("x-request-id");
  return given && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
}
