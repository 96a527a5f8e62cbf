// Security headers, one place (pure: next.config.ts and the proxy import it).
//
// Every response: no framing (the approve and decide buttons must not be clickjackable), no MIME
// sniffing, no referrer to other sites, no powerful browser features, HSTS when served over https.
// Pages also get a Content-Security-Policy with a fresh nonce per request (the proxy sets it; Next
// puts the nonce on its own scripts, which is why every page renders dynamically): scripts run only
// from this app, styles and images too; no plugin, no <base> rewrite, forms post here only.

/** Headers for every response, pages, API routes and static files alike. */
export function staticSecurityHeaders(appUrl: string | undefined): { key: string; value: string }[] {
  const https = appUrl?.startsWith("https://") ?? false;
  return [
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ...(https ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }] : []),
  ];
}

/** The page policy for one response. `dev`: next dev's React refresh needs eval and its websocket. */
export function contentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React and next/font set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API responses are data: nothing in them may run or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
