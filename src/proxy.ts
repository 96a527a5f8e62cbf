import { NextResponse, type NextRequest } from "next/server";
import { LAST_WORKSPACE_COOKIE, SESSION_COOKIES } from "@/lib/constants";

// Next 16 proxy (formerly middleware): cookie-level redirects only. It never decides access;
// pages, actions and routes check the session, membership and role themselves.
export function proxy(req: NextRequest) {
  const hasSession = SESSION_COOKIES.some((name) => req.cookies.has(name));
  const { pathname, search } = req.nextUrl;
  if (!hasSession) {
    const url = new URL("/sign-in", req.nextUrl.origin);
    url.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(url);
  }
  const res = NextResponse.next();
  const slug = /^\/w\/([a-z0-9-]+)/.exec(pathname)?.[1];
  if (slug) res.cookies.set(LAST_WORKSPACE_COOKIE, slug, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  return res;
}

export const config = { matcher: ["/w/:path*", "/workspaces/:path*"] };
