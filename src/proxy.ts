import { NextResponse, type NextRequest } from "next/server";
import { LAST_WORKSPACE_COOKIE, SESSION_COOKIES } from "@/lib/constants";
import { textProblem } from "@/lib/input-rules";
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, staticSecurityHeaders } from "@/lib/security-headers";
import { serverActionProblem } from "@/lib/server-action-guard";
import { requestIdOf } from "@/lib/request-id";

// Next 16 proxy (formerly middleware), on every request but static files. It never decides
// access — pages, actions and routes check the session, membership and role themselves — but it
// refuses what no page or action may receive, before Next's own handlers see it:
//  - an address with a NUL or a broken escape (400);
//  - a server action request from another site, too large, of a foreign content type, or whose
//    body is not what a browser sends (403/413/415/400; Next would answer these with a 500);
// and it sets the security headers on every response, with a fresh CSP nonce per page (Next reads
// it from the request's CSP header and puts it on its scripts). It also redirects workspace pages
// without a session cookie to sign-in. Every request gets an id (`x-request-id`: the caller's when
// it sent a sane one), passed on to the handlers for their log lines and returned as X-Request-Id.

const GUARDED = /^\/(w|workspaces)(\/|$)/;
const STATIC_HEADERS = staticSecurityHeaders(process.env.APP_URL ?? process.env.AUTH_URL);

function secured<R extends Response>(res: R, csp: string, requestId: string): R {
  for (const { key, value } of STATIC_HEADERS) res.headers.set(key, value);
  res.headers.set("Content-Security-Policy", csp);
  res.headers.set("X-Request-Id", requestId);
  return res;
}

const refuse = (status: number, message: string, requestId: string) =>
  secured(NextResponse.json({ error: { code: status === 413 ? "PAYLOAD_TOO_LARGE" : status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : status === 403 ? "FORBIDDEN" : "BAD_REQUEST", message } }, { status }), API_CONTENT_SECURITY_POLICY, requestId);

/** The request as the handlers see it: its id, and for pages the CSP nonce. */
function forwarded(req: NextRequest, requestId: string, extra: Record<string, string> = {}) {
  const headers = new Headers(req.headers);
  headers.set("x-request-id", requestId);
  for (const [key, value] of Object.entries(extra)) headers.set(key, value);
  return NextResponse.next({ request: { headers } });
}

/** An address no page or route takes: a NUL (Postgres refuses it in text) or an unpaired surrogate, encoded anywhere in path or query. */
function addressProblem(req: NextRequest): string | null {
  const raw = req.nextUrl.pathname + req.nextUrl.search;
  if (/%00/.test(raw)) return textProblem("\u0000");
  try {
    return textProblem(decodeURIComponent(raw.replace(/\+/g, " ")));
  } catch {
    return "The address is not valid (a broken %-escape).";
  }
}

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const requestId = requestIdOf(req.headers);
  const refused = addressProblem(req);
  if (refused) return refuse(400, refused, requestId);
  if (req.method === "POST" && req.headers.has("next-action")) {
    const problem = await serverActionProblem(req, process.env.APP_URL ?? process.env.AUTH_URL);
    if (problem) return refuse(problem.status, problem.message, requestId);
  }
  if (pathname.startsWith("/api/")) return secured(forwarded(req, requestId), API_CONTENT_SECURITY_POLICY, requestId);

  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const hasSession = SESSION_COOKIES.some((name) => req.cookies.has(name));
  if (GUARDED.test(pathname) && !hasSession) {
    const url = new URL("/sign-in", req.nextUrl.origin);
    url.searchParams.set("callbackUrl", pathname + search);
    return secured(NextResponse.redirect(url), csp, requestId);
  }
  const res = secured(forwarded(req, requestId, { "x-nonce": nonce, "Content-Security-Policy": csp }), csp, requestId);
  const slug = /^\/w\/([a-z0-9-]+)/.exec(pathname)?.[1];
  if (slug) res.cookies.set(LAST_WORKSPACE_COOKIE, slug, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  return res;
}

// Everything but Next's static files (which get next.config.ts's headers; no document runs there).
export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
