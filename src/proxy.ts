import { NextResponse, type NextRequest } from "next/server";
import { LAST_WORKSPACE_COOKIE, SESSION_COOKIES } from "@/lib/constants";
import { textProblem } from "@/lib/input-rules";
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from "@/lib/security-headers";

// Next 16 proxy (formerly middleware), on every request but static files: the Content-Security-
// Policy (a fresh nonce per page, which Next reads from the request's CSP header and puts on its
// scripts), and cookie-level redirects for workspace pages. It never decides access: pages,
// actions and routes check the session, membership and role themselves. The other security
// headers are next.config.ts's (they cover static files too).

const GUARDED = /^\/(w|workspaces)(\/|$)/;

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

export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const refused = addressProblem(req);
  if (refused) return NextResponse.json({ error: { code: "BAD_REQUEST", message: refused } }, { status: 400, headers: { "Content-Security-Policy": API_CONTENT_SECURITY_POLICY } });
  if (pathname.startsWith("/api/")) {
    const res = NextResponse.next();
    res.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    return res;
  }

  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const hasSession = SESSION_COOKIES.some((name) => req.cookies.has(name));
  if (GUARDED.test(pathname) && !hasSession) {
    const url = new URL("/sign-in", req.nextUrl.origin);
    url.searchParams.set("callbackUrl", pathname + search);
    const res = NextResponse.redirect(url);
    res.headers.set("Content-Security-Policy", csp);
    return res;
  }
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  const slug = /^\/w\/([a-z0-9-]+)/.exec(pathname)?.[1];
  if (slug) res.cookies.set(LAST_WORKSPACE_COOKIE, slug, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  return res;
}

// Everything but Next's static files and the icon (which get next.config.ts's headers).
export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico|icon).*)"] };
