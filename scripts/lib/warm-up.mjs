// `npm run dev`'s warm-up: `next dev` compiles a route the first time it is visited (5–40 s on a
// small machine), so a newcomer's first clicks would each wait for a compile. After the server is
// ready, the launcher visits the routes a newcomer reaches first, one after another, in the
// background: the sign-in flow without a session, then the demo workspace's pages with a session
// of the demo user made for the warm-up alone (a random token, valid ten minutes, deleted when the
// warm-up ends). Each visit's status and time are printed ("warm-up: /w/demo 200 in 8.1 s"), then
// "warm-up: done". Pages behind the proxy's sign-in check are only compiled when a signed-in
// request reaches them, which is why the session is needed. A failure is printed, never fatal.
import { randomBytes } from "node:crypto";

export const WARM_UP_SESSION_MINUTES = 10;

/** The routes, in the order a newcomer meets them; `{template}` is the demo workspace's first template. */
export const WARM_UP_ROUTES = {
  signedOut: ["/sign-in", "/dev/mailbox", "/api/auth/providers", "/sign-in/check-email"],
  signedIn: [
    "/w/{slug}",
    "/w/{slug}/templates/{template}",
    "/w/{slug}/templates/{template}/one-on-one",
    // The one-on-one's chat route: a GET without a session id is refused (400), and compiles it all the same.
    "/api/workspaces/{slug}/templates/{template}/one-on-one",
    "/w/{slug}/templates/{template}/feedback",
    "/w/{slug}/templates/{template}/performance",
    "/w/{slug}/templates/{template}/versions",
    "/w/{slug}/templates/{template}/instances",
    "/w/{slug}/tasks",
    "/w/{slug}/inbox",
    "/w/{slug}/agents",
  ],
};

/**
 * Visits every route (sequentially: a dev server compiles one route at a time anyway) and returns
 * what each answered. `query(sql, params)` runs against the app's database (the launcher's `pg` client).
 */
export async function warmUp({ appUrl, query, email, slug, log = console.log, fetchImpl = fetch, timeoutMs = 180_000 }) {
  const started = Date.now();
  const results = [];
  const visit = async (route, cookie) => {
    const t = Date.now();
    try {
      const res = await fetchImpl(`${appUrl}${route}`, { redirect: "manual", headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer().catch(() => {});
      results.push({ route, status: res.status, ms: Date.now() - t });
      log(`warm-up: ${route} ${res.status} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    } catch (e) {
      results.push({ route, status: 0, ms: Date.now() - t, error: e.message });
      log(`warm-up: ${route} failed (${e.message})`);
    }
  };

  for (const route of WARM_UP_ROUTES.signedOut) await visit(route);

  const [user] = await query(`SELECT u.id, t.id AS template FROM "User" u JOIN "Membership" m ON m."userId" = u.id JOIN "Workspace" w ON w.id = m."workspaceId" LEFT JOIN LATERAL (SELECT id FROM "AgentTemplate" WHERE "workspaceId" = w.id AND kind = 'taskAgent' ORDER BY "createdAt", id LIMIT 1) t ON true WHERE u.email = $1 AND w.slug = $2`, [email, slug]);
  if (user) {
    const token = `warm-up-${randomBytes(24).toString("hex")}`;
    await query(`INSERT INTO "Session" ("sessionToken", "userId", expires, "updatedAt") VALUES ($1, $2, now() + make_interval(mins => $3), now())`, [token, user.id, WARM_UP_SESSION_MINUTES]);
    try {
      for (const pattern of WARM_UP_ROUTES.signedIn) {
        if (pattern.includes("{template}") && !user.template) continue;
        await visit(pattern.replaceAll("{slug}", slug).replaceAll("{template}", user.template ?? ""), `authjs.session-token=${token}`);
      }
    } finally {
      await query(`DELETE FROM "Session" WHERE "sessionToken" = $1`, [token]).catch(() => {});
    }
  } else {
    log(`warm-up: no ${email} in workspace "${slug}": the signed-in pages compile on their first visit`);
  }
  log(`warm-up: done in ${((Date.now() - started) / 1000).toFixed(1)} s (${results.length} routes; the first visit of each no longer waits for a compile)`);
  return results;
}
