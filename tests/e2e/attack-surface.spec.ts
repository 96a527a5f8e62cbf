import { APP_URL } from "./support/ports";
import { expect, test as base } from "./support/fixtures";
import { countMail } from "./support/mail";
import { readBuildSurface, type BuildSurface } from "./support/attack/build";
import {
  actionAuthorizationProbes,
  actionBadInputProbes,
  coverageGaps,
  discoverMethods,
  pageAuthorizationProbes,
  routeAuthorizationProbes,
  routeBadInputProbes,
} from "./support/attack/plan";
import { attack, CATEGORIES, judge, lines, missingSecurityHeaders, send, statusOf, type Category, type Outcome, type Probe, type Violation } from "./support/attack/probe";
import { createAttackWorld, type AttackWorld, type CallerName } from "./support/attack/world";

// Authorization and bad input on the whole surface of the production build: every page, route
// handler and server action the build's manifests list (support/attack/build.ts) is called by
// signed-out people, a forged session, a viewer and a member of workspace A and the owner of
// workspace B aiming at A's objects, then with broken input (NUL bytes, impossible dates, bodies
// over 1 MB and 10 MB, 5,000-deep JSON, wrong content types). Expected: a refusal (4xx, a
// same-origin redirect, or an action's `{ ok: false, error: { status: 4xx } }`) where the caller or
// the input is wrong, never a 5xx, never one of A's ids or names outside A, and the security
// headers on every answer. Violations are collected and asserted once per category, so one run
// lists every problem (the full list is also attached to the test). Known regressions follow in
// the last test.
//
// The manifests are read from this checkout's .next (NEXT_DIST_DIR), so they must come from the
// build the production server serves: with E2E_SKIP_BUILD=1, rebuild after changing src/. What the build
// cannot tell (valid inputs, roles, query parameters) is in support/attack/catalog.ts and
// payloads.ts; the first test fails when the build has an endpoint the catalog does not know.

const test = base.extend<object, { world: AttackWorld; surface: BuildSurface }>({
  surface: [async ({}, provide) => provide(readBuildSurface()), { scope: "worker" }],
  world: [
    async ({ db, browser }, provide) => {
      const world = await createAttackWorld(db, browser);
      await provide(world);
      await world.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test.describe.configure({ timeout: 120_000 });

const SIGN_IN_SUBJECT = /Sign in to Agent Coach/;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** One soft assertion per category (and one for the security headers), each with its full list; the whole report is attached too. */
async function expectNoViolations(what: string, violations: Violation[], outcomes: Outcome[]) {
  const report: string[] = [];
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const found = lines(violations, category);
    if (found.length) report.push(`## ${CATEGORIES[category]} (${found.length})`, ...found, "");
    expect.soft(found, `${what}: ${CATEGORIES[category]}`).toEqual([]);
  }
  const headers = missingSecurityHeaders(outcomes);
  if (headers.length) report.push(`## security headers (${headers.length})`, ...headers, "");
  expect.soft(headers, `${what}: security headers (CSP frame-ancestors 'none', X-Frame-Options DENY, nosniff, Referrer-Policy, Permissions-Policy)`).toEqual([]);
  if (report.length) await test.info().attach(`${what} violations`, { body: report.join("\n"), contentType: "text/plain" });
}

test("the build's pages, route handlers and server actions are all known to the attack catalog", async ({ world, surface }) => {
  const methods = await discoverMethods(world, surface);
  const routeMethods = [...methods.values()].reduce((n, m) => n + m.length, 0);
  test.info().annotations.push({
    type: "surface",
    description: `${surface.pages.length} pages, ${surface.routes.length} route handlers (${routeMethods} methods besides Auth.js), ${surface.actions.length} server actions`,
  });
  expect(surface.pages.length, "pages in .next/server/app-paths-manifest.json").toBeGreaterThan(0);
  expect(surface.routes.length, "route handlers in .next/server/app-paths-manifest.json").toBeGreaterThan(0);
  expect(surface.actions.length, "server actions in .next/server/server-reference-manifest.json").toBeGreaterThan(0);
  expect(coverageGaps(surface, methods, world), "endpoints the attack suite cannot attack properly").toEqual([]);
});

test("authorization: every page, route and server action refuses callers outside A's roles and shows them nothing of A", async ({ world, surface }) => {
  const methods = await discoverMethods(world, surface);
  const probes = [
    ...pageAuthorizationProbes(world, surface),
    ...routeAuthorizationProbes(world, surface, methods, await world.newKeyOfA()),
    ...actionAuthorizationProbes(world, surface),
  ];
  const { outcomes, violations } = await attack(probes, world.markers);
  test.info().annotations.push({ type: "probes", description: `${probes.length} authorization probes` });
  await expectNoViolations("authorization", violations, outcomes);
});

test("bad input: NUL bytes, impossible dates, 1 MB and 10 MB bodies, 5,000-deep JSON and wrong content types are refused, never a 500", async ({ world, surface }) => {
  const methods = await discoverMethods(world, surface);
  const probes = [...actionBadInputProbes(world, surface), ...(await routeBadInputProbes(world, methods))];
  const { outcomes, violations } = await attack(probes, world.markers);
  test.info().annotations.push({ type: "probes", description: `${probes.length} bad-input probes` });
  await expectNoViolations("bad input", violations, outcomes);
});

test("regressions: open redirects, the sign-in email limit, Inngest's host, the chat route's limits, control characters in names", async ({ world, surface }) => {
  const { a, callers } = world;
  const outcomes: Outcome[] = [];
  const violations: Violation[] = [];
  const run = async (probe: Probe) => {
    const outcome = await send(probe);
    outcomes.push(outcome);
    // Each check below asserts its own status; the shared judge adds 5xx, leaks and off-site redirects.
    violations.push(...judge(outcome, world.markers).filter((v) => ["serverError", "leak", "redirect", "transport"].includes(v.category)));
    return outcome;
  };
  const actionId = (name: string) => {
    const action = surface.actions.find((x) => x.name === name);
    expect(action, `server action ${name} in the build`).toBeTruthy();
    return action!.id;
  };
  const actionProbe = (name: string, caller: CallerName, url: string, arg: unknown, input: string): Probe => ({
    area: "action", target: name, caller, input, request: callers[caller], method: "POST", url,
    headers: { "next-action": actionId(name), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: APP_URL },
    body: JSON.stringify([arg]), expect: "refuse", mayReadA: true, badInput: true,
  });
  const describe = (o: Outcome) => {
    const row = o.probe.area === "action" ? o.text.split("\n").find((line) => line.startsWith("1:")) : undefined;
    return `${statusOf(o)}: ${(row ?? o.text).slice(0, 200)}`;
  };

  await test.step("1. /sign-in never redirects a signed-in user off-site, whatever callbackUrl says", async () => {
    const callbacks = ["%2F%09%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example", "https%3A%2F%2Fevil.example", "%0A", "%0D", "%2F%0A%2Fevil.example"];
    for (const callback of callbacks) {
      await run({ area: "page", target: "/sign-in", caller: "member of A (signed in)", input: `callbackUrl=${callback}`, request: callers["member of A"], method: "GET", url: `/sign-in?callbackUrl=${callback}`, expect: "any", mayReadA: true });
    }
  });

  // 2. (security headers) is checked on every answer of every test: expectNoViolations.

  await test.step("3. twenty parallel Auth.js sign-in requests for one address send at most 5 emails", async () => {
    const victim = `victim-authjs-${world.stamp}@example.test`;
    const request = await world.newSignedOutRequest();
    const { csrfToken } = (await (await request.get(`${APP_URL}/api/auth/csrf`)).json()) as { csrfToken: string };
    const body = new URLSearchParams({ csrfToken, email: victim, callbackUrl: `${APP_URL}/` }).toString();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        run({ area: "route", target: "POST /api/auth/[...nextauth]", caller: "signed-out", input: "signin/email for one address", request, method: "POST", url: "/api/auth/signin/email", headers: FORM, body, expect: "any", mayReadA: false }),
      ),
    );
    // The mailer sends before Auth.js answers, so every email is in the sink by now.
    expect.soft(await countMail(victim, SIGN_IN_SUBJECT), `sign-in emails to ${victim} after 20 parallel POST /api/auth/signin/email`).toBeLessThanOrEqual(5);

    const actionVictim = `victim-action-${world.stamp}@example.test`;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        run({ ...actionProbe("requestSignInLinkAction", "signed-out", "/sign-in", { email: actionVictim, callbackUrl: "/" }, "one address, 20 in parallel"), expect: "any", badInput: false, mayReadA: false }),
      ),
    );
    expect.soft(await countMail(actionVictim, SIGN_IN_SUBJECT), `sign-in emails to ${actionVictim} after 20 parallel requestSignInLinkAction calls`).toBeLessThanOrEqual(5);
  });

  await test.step("4. Inngest's handler does not register itself at a host the request names", async () => {
    for (const headers of [{ host: "evil.example" }, { "x-forwarded-host": "evil.example" }] as Record<string, string>[]) {
      const o = await run({ area: "route", target: "PUT /api/inngest", caller: "signed-out", input: JSON.stringify(headers), request: callers["signed-out"], method: "PUT", url: "/api/inngest", headers, expect: "any", mayReadA: false });
      expect.soft(o.status, `PUT /api/inngest with ${JSON.stringify(headers)}: ${describe(o)}`).toBeLessThan(500);
      expect.soft(o.text, `PUT /api/inngest with ${JSON.stringify(headers)} must not mention evil.example`).not.toContain("evil.example");
    }
  });

  await test.step("5. the chat route: 401 before reading a signed-out body, 413, 415, and 403 cross-origin", async () => {
    const url = `/api/workspaces/${a.slug}/templates/${a.chatTemplate.id}/one-on-one`;
    const message = (text: string) => JSON.stringify({ sessionId: a.chatSession.id, message: { role: "user", parts: [{ type: "text", text }] } });
    const chat = (caller: CallerName, input: string, body: string, headers: Record<string, string>, huge = false): Probe => ({
      area: "route", target: "POST /api/workspaces/[slug]/templates/[id]/one-on-one", caller, input, request: callers[caller], method: "POST", url,
      headers: { "content-type": "application/json", ...headers }, body, expect: "refuse", mayReadA: caller !== "signed-out", badInput: true, huge,
    });
    const checks: [Probe, number[]][] = [
      [chat("signed-out", "10 MB body", message("x".repeat(10 * 1024 * 1024)), {}, true), [401]],
      [chat("member of A", "1.1 MB body", message("x".repeat(1_100_000)), {}, true), [413]],
      [chat("member of A", "Content-Type: text/plain", message("Hello from the attack suite"), { "content-type": "text/plain;charset=UTF-8" }), [415, 400]],
      [chat("member of A", "Origin: https://evil.example", message("Hello from the attack suite"), { origin: "https://evil.example" }), [403]],
    ];
    for (const [probe, statuses] of checks) {
      const o = await run(probe);
      expect.soft(statuses, `${probe.target} as ${probe.caller} with ${probe.input}: ${describe(o)}`).toContain(o.status);
    }
  });

  await test.step("6. names with control characters are refused with a message", async () => {
    const controls = { "\\n": "\n", "\\r\\n": "\r\n", "NUL": "\u0000", "BEL": "\u0007", "ESC": "\u001b[2J", "DEL": "\u007f" };
    const tasks: Probe[] = [];
    for (const [label, c] of Object.entries(controls)) {
      tasks.push(
        actionProbe("createWorkspaceAction", "owner of A", "/workspaces/new", { name: `Evil${c}Workspace` }, `workspace name with ${label}`),
        actionProbe("createTemplateAction", "owner of A", `/w/${a.slug}/templates/new`, { workspaceSlug: a.slug, name: `Evil${c}Template`, directives: "Directives long enough to pass." }, `template name with ${label}`),
      );
    }
    for (const email of ["victim@example.test\r\nBcc: spy@evil.example", "victim\n@example.test", "vic\u0000tim@example.test"]) {
      tasks.push(actionProbe("inviteMemberAction", "owner of A", `/w/${a.slug}/settings/members`, { workspaceSlug: a.slug, email, role: "viewer" }, `invitation to ${JSON.stringify(email)}`));
    }
    for (const probe of tasks) {
      const o = await run(probe);
      const message = /"message":"([^"]+)"/.exec(o.text)?.[1];
      expect.soft({ status: o.action?.status, hasMessage: !!message }, `${probe.target}: ${probe.input} → ${describe(o)}`).toEqual({ status: 400, hasMessage: true });
    }
  });

  await expectNoViolations("regressions", violations, outcomes);
});
