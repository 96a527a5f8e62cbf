import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WARM_UP_ROUTES, warmUp } from "../../../scripts/lib/warm-up.mjs";
import { factoryDb, makeTemplate, makeWorkspace } from "../../factories";

// `npm run dev`'s warm-up against the real database: the signed-in pages are visited with a
// session of the demo user that exists while they are visited and is gone afterwards, on the
// workspace's task template (never its improver's), in the order a newcomer meets them.

type Visit = { url: string; cookie: string | undefined; sessionUser: string | null };

describe("the dev warm-up", () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const query = async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows;
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** A fetch that answers 200 and records, per visit, which user the cookie's session belongs to right then. */
  function recordingFetch(visits: Visit[]) {
    return async (url: string, init: { headers: Record<string, string> }) => {
      const cookie = init.headers.cookie;
      const token = cookie?.match(/^authjs\.session-token=(.+)$/)?.[1];
      const session = token ? await factoryDb().session.findUnique({ where: { sessionToken: token } }) : null;
      visits.push({ url, cookie, sessionUser: session && session.expires > new Date() ? session.userId : null });
      return new Response("ok", { status: url.endsWith("/one-on-one") && url.includes("/api/") ? 400 : 200 });
    };
  }

  it("visits the sign-in flow signed out, then the workspace's pages as its member, and deletes the session after", async () => {
    const { workspace, owner, scope } = await makeWorkspace();
    const template = await makeTemplate(scope);
    const visits: Visit[] = [];
    const lines: string[] = [];
    const results = await warmUp({ appUrl: "http://dev.test", query, email: owner.email, slug: workspace.slug, log: (l) => lines.push(l), fetchImpl: recordingFetch(visits) });

    expect(visits.map((v) => v.url)).toEqual([
      ...WARM_UP_ROUTES.signedOut.map((r) => `http://dev.test${r}`),
      ...WARM_UP_ROUTES.signedIn.map((r) => `http://dev.test${r.replaceAll("{slug}", workspace.slug).replaceAll("{template}", template.id)}`),
    ]);
    const signedOut = visits.slice(0, WARM_UP_ROUTES.signedOut.length);
    expect(signedOut.every((v) => v.cookie === undefined)).toBe(true);
    const signedIn = visits.slice(WARM_UP_ROUTES.signedOut.length);
    expect(signedIn.every((v) => v.sessionUser === owner.id)).toBe(true);
    expect(new Set(signedIn.map((v) => v.cookie)).size).toBe(1);

    expect(await factoryDb().session.count({ where: { userId: owner.id } })).toBe(0);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^warm-up: done in \\d+\\.\\d s \\(${visits.length} routes`));
  });

  it("a failed visit is reported and the rest still run; the session is deleted even so", async () => {
    const { workspace, owner, scope } = await makeWorkspace();
    await makeTemplate(scope);
    const lines: string[] = [];
    let n = 0;
    const results = await warmUp({
      appUrl: "http://dev.test", query, email: owner.email, slug: workspace.slug, log: (l) => lines.push(l),
      fetchImpl: async () => {
        if (++n === 6) throw new Error("socket hang up");
        return new Response("", { status: 200 });
      },
    });
    expect(results).toHaveLength(WARM_UP_ROUTES.signedOut.length + WARM_UP_ROUTES.signedIn.length);
    expect(lines.some((l) => /failed \(socket hang up\)/.test(l))).toBe(true);
    expect(await factoryDb().session.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("without the user in the workspace it visits only the signed-out routes and says why", async () => {
    const { workspace } = await makeWorkspace();
    const visits: Visit[] = [];
    const lines: string[] = [];
    await warmUp({ appUrl: "http://dev.test", query, email: "nobody@example.test", slug: workspace.slug, log: (l) => lines.push(l), fetchImpl: recordingFetch(visits) });
    expect(visits).toHaveLength(WARM_UP_ROUTES.signedOut.length);
    expect(lines.some((l) => l.includes("compile on their first visit"))).toBe(true);
  });
});
