// Pure: the sign-in page, the sign-in action and Auth.js's redirect callback share it.

const PROBE_ORIGIN = "http://callback.invalid";

/**
 * Where to go after signing in, as a path on this app; "/" for anything else. Browsers forgive a
 * lot ("/\t/evil.example" and "/\\evil.example" both lead to evil.example), so the value is read
 * the way a browser reads it — `new URL()` against a probe origin — and kept only when it stays on
 * that origin; control characters and backslashes are refused outright.
 */
export function safeCallbackPath(value: string | undefined | null): string {
  if (!value || value.length > 2_000 || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  try {
    const url = new URL(value, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
