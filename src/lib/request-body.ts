// Reading what a request sends, with limits (pure: the proxy, the route wrappers and the REST API
// share it).

/** `application/json`, or a `+json` type (`application/problem+json`). */
export const isJsonContentType = (type: string | null) => /^application\/([\w.+-]+\+)?json\b/i.test(type ?? "");

/**
 * The body's bytes, read in chunks and abandoned once it passes `limit` bytes (null then): a large
 * body is never buffered whole. The stream is cancelled without waiting — the branch of a
 * `request.clone()` settles its cancel only once the original is cancelled too.
 */
export async function readCappedBytes(request: Request, limit: number): Promise<Uint8Array | null> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** The same as text (UTF-8). */
export async function readCappedText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readCappedBytes(request, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/**
 * A browser names the page that sent a write (Origin): it must be this app — `appUrl`, or the
 * origin the request came in on. No Origin (a script, curl) is not a cross-site browser request.
 */
export function sameOrigin(request: Request, appUrl: string | undefined): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const own = [new URL(request.url).origin];
  try {
    if (appUrl) own.push(new URL(appUrl).origin);
  } catch {
    // an unusable APP_URL: the request's own origin only
  }
  return own.includes(origin);
}
