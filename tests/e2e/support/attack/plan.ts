import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { APP_URL } from "../ports";
import type { BuildAction, BuildSurface } from "./build";
import {
  ACTIONS,
  GARBAGE_IDS,
  GARBAGE_SLUGS,
  ROUTE_BODIES,
  SESSION_ROUTE_ACCESS,
  authEndpoints,
  fillPath,
  genericActionInput,
  hasObjectSegment,
  isCatchAll,
  roleAllows,
  routeAuth,
  type ActionSpec,
  type Role,
} from "./catalog";
import { BAD_QUERY, DEEP_SLOT, badQueries, badVariants, brokenValue, toJsonText } from "./payloads";
import type { Expectation, Probe } from "./probe";
import type { AttackWorld, CallerName } from "./world";

// The probes of the suite, built from the build's surface: who calls what with which input, and
// what must come back. `authorization*` is the caller matrix with valid input; `badInput*` sends
// broken input as a caller who may otherwise call the endpoint.

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

export const madeUpApiKey = () => `ac_live_${randomBytes(32).toString("base64url")}`;
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** Workspace pages live under /w/[slug]: signed-out callers and non-members must be refused. */
const isWorkspacePath = (pattern: string) => pattern.includes("[slug]");

// ---- Route methods -------------------------------------------------------------------------------

/** The methods a route handler answers, from the Allow header of Next's automatic OPTIONS answer. */
export async function discoverMethods(w: AttackWorld, surface: BuildSurface): Promise<Map<string, string[]>> {
  const methods = new Map<string, string[]>();
  for (const route of surface.routes.filter((r) => !isCatchAll(r))) {
    const res = await w.callers["signed-out"].fetch(`${APP_URL}${fillPath(route, w.a).url}`, { method: "OPTIONS", maxRedirects: 0, failOnStatusCode: false });
    const allow = (res.headers()["allow"] ?? "").split(",").map((m) => m.trim().toUpperCase()).filter((m) => ALL_METHODS.includes(m));
    methods.set(route, allow.length ? allow : ["GET", "POST"]);
  }
  return methods;
}

/** What the suite cannot attack properly: actions and route bodies missing from the catalog, segments it cannot fill, stale entries. */
export function coverageGaps(surface: BuildSurface, methods: Map<string, string[]>, w: AttackWorld): string[] {
  const gaps: string[] = [];
  const names = new Set(surface.actions.map((a) => a.name));
  for (const action of surface.actions) {
    if (!ACTIONS[action.name]) gaps.push(`server action ${action.name} (${action.file}) has no entry in ACTIONS (support/attack/catalog.ts)`);
    if (!action.pages.length) gaps.push(`server action ${action.name} (${action.file}) is loaded by no page`);
  }
  for (const name of Object.keys(ACTIONS)) if (!names.has(name)) gaps.push(`ACTIONS.${name} matches no server action of the build`);
  for (const page of surface.pages) if (!surface.pageSources[page]) gaps.push(`${page}: no source file under src/app (its query string is not attacked)`);
  for (const pattern of [...surface.pages, ...surface.routes.filter((r) => !isCatchAll(r))]) {
    const { unknown } = fillPath(pattern, w.a);
    if (unknown.length) gaps.push(`${pattern}: the suite cannot fill ${unknown.join(", ")}`);
  }
  for (const [route, allowed] of methods) {
    for (const method of allowed.filter((m) => BODY_METHODS.has(m))) {
      if (routeAuth(route) !== "public" && !ROUTE_BODIES[`${method} ${route}`]) gaps.push(`${method} ${route} has no body in ROUTE_BODIES`);
      if (routeAuth(route) === "session" && !SESSION_ROUTE_ACCESS[`${method} ${route}`]) gaps.push(`${method} ${route} has no role in SESSION_ROUTE_ACCESS`);
    }
    if (routeAuth(route) === "session" && allowed.includes("GET") && !SESSION_ROUTE_ACCESS[`GET ${route}`]) gaps.push(`GET ${route} has no role in SESSION_ROUTE_ACCESS`);
  }
  for (const key of [...Object.keys(ROUTE_BODIES), ...Object.keys(SESSION_ROUTE_ACCESS)]) {
    const [method, route] = key.split(" ");
    if (!methods.get(route)?.includes(method)) gaps.push(`${key} (catalog) is not a method of a route of the build`);
  }
  for (const route of surface.routes.filter(isCatchAll)) if (route !== "/api/auth/[...nextauth]") gaps.push(`${route}: a catch-all route the suite does not know`);
  return gaps;
}

const containsMarker = (w: AttackWorld, text: string) => w.markers.some((m) => m !== w.a.slug && text.includes(m));

// ---- Pages ---------------------------------------------------------------------------------------

export function pageAuthorizationProbes(w: AttackWorld, surface: BuildSurface): Probe[] {
  const probes: Probe[] = [];
  const { a, b, callers } = w;
  for (const pattern of surface.pages) {
    const workspacePage = isWorkspacePath(pattern);
    const capability = pattern.includes("[token]"); // an invitation link shows its holder the workspace it invites to
    const refuseOutsiders: Expectation = workspacePage ? "refuse" : "any";
    const url = fillPath(pattern, a).url;
    const page = (caller: string, request: CallerName, target: string, expect: Expectation, mayReadA: boolean, input = "A's objects"): Probe => ({
      area: "page", target: pattern, caller, input, request: callers[request], method: "GET", url: target, expect, mayReadA,
    });
    probes.push(
      page("signed-out", "signed-out", url, refuseOutsiders, capability),
      page("forged session cookie", "forged session cookie", url, refuseOutsiders, capability),
      page("viewer of A", "viewer of A", url, "any", true),
      page("member of A", "member of A", url, "any", true),
      page("owner of B (A's slug)", "owner of B", url, refuseOutsiders, capability),
      page("member of A", "member of A", `${url}?${BAD_QUERY}`, "any", true, "NUL bytes, impossible dates and nonsense in the query"),
    );
    const source = surface.pageSources[pattern];
    if (source && readFileSync(source, "utf8").includes("searchParams")) {
      for (const bad of badQueries()) probes.push(page("member of A", "member of A", `${url}?${bad.query}`, "any", true, bad.input));
    }
    if (workspacePage && hasObjectSegment(pattern)) {
      probes.push(page("owner of B (B's slug, A's ids)", "owner of B", fillPath(pattern, a, { slug: b.slug }).url, "refuse", false));
    }
    if (hasObjectSegment(pattern)) {
      for (const garbage of GARBAGE_IDS) probes.push(page("member of A", "member of A", fillPath(pattern, a, { garbage }).url, refuseOutsiders, true, `garbage id ${JSON.stringify(garbage.slice(0, 30))}`));
    }
    if (workspacePage) {
      for (const slug of GARBAGE_SLUGS) probes.push(page("member of A", "member of A", fillPath(pattern, a, { slug }).url, "refuse", true, `garbage slug ${JSON.stringify(slug)}`));
    }
  }
  return probes;
}

// ---- Route handlers ------------------------------------------------------------------------------

function routeProbe(p: Omit<Probe, "area" | "body" | "headers"> & { body?: unknown; headers?: Record<string, string> }): Probe {
  const hasBody = BODY_METHODS.has(p.method) && p.body !== undefined;
  return {
    ...p,
    area: "route",
    headers: { ...(hasBody ? JSON_TYPE : {}), ...p.headers },
    body: hasBody ? (typeof p.body === "string" ? p.body : JSON.stringify(p.body)) : undefined,
  };
}

export function routeAuthorizationProbes(w: AttackWorld, surface: BuildSurface, methods: Map<string, string[]>, keyOfA: string): Probe[] {
  const probes: Probe[] = [];
  const { a, b, callers } = w;
  for (const [pattern, allowed] of methods) {
    const auth = routeAuth(pattern);
    const url = fillPath(pattern, a).url;
    for (const method of allowed) {
      const key = `${method} ${pattern}`;
      const body = ROUTE_BODIES[key]?.(a, w) ?? (BODY_METHODS.has(method) ? {} : undefined);
      const target = key;
      const r = (caller: string, request: CallerName, expect: Expectation, mayReadA: boolean, extra: { headers?: Record<string, string>; url?: string; input?: string } = {}) =>
        routeProbe({ target, caller, input: extra.input ?? "valid", request: callers[request], method, url: extra.url ?? url, body, headers: extra.headers, expect, mayReadA });

      if (auth === "api-key") {
        const targetsA = containsMarker(w, url + JSON.stringify(body ?? ""));
        probes.push(
          r("signed-out, no key", "signed-out", "refuse", false),
          r("viewer of A's session, no key", "viewer of A", "refuse", true),
          r("member of A's session, no key", "member of A", "refuse", true),
          r("owner of B's session, no key", "owner of B", "refuse", false),
          r("A's read+write key", "signed-out", "any", true, { headers: bearer(keyOfA) }),
          r("A's read-only key", "signed-out", method === "GET" ? "any" : "refuse", true, { headers: bearer(a.readKey.secret) }),
          r("A's revoked key", "signed-out", "refuse", false, { headers: bearer(a.revokedKey.secret) }),
          r("a made-up key", "signed-out", "refuse", false, { headers: bearer(madeUpApiKey()) }),
          r("B's read+write key", "signed-out", targetsA ? "refuse" : "any", false, { headers: bearer(b.key.secret) }),
        );
        if (hasObjectSegment(pattern)) {
          for (const garbage of GARBAGE_IDS) probes.push(r("A's read+write key", "signed-out", "refuse", true, { headers: bearer(keyOfA), url: fillPath(pattern, a, { garbage }).url, input: `garbage id ${JSON.stringify(garbage.slice(0, 30))}` }));
        }
      } else if (auth === "session") {
        const minimum: Role = SESSION_ROUTE_ACCESS[key] ?? "viewer";
        probes.push(
          r("signed-out", "signed-out", "refuse", false),
          r("forged session cookie", "forged session cookie", "refuse", false),
          r("viewer of A", "viewer of A", roleAllows("viewer", minimum) ? "any" : "refuse", true),
          r("member of A", "member of A", roleAllows("member", minimum) ? "any" : "refuse", true),
          r("owner of B (A's slug)", "owner of B", "refuse", false),
          r("owner of B (B's slug, A's ids)", "owner of B", "refuse", false, { url: fillPath(pattern, a, { slug: b.slug }).url }),
        );
        // Garbage in an object's path segment (a route whose only path parameter is the slug has none: its objects are in the body).
        if (hasObjectSegment(pattern)) {
          for (const garbage of GARBAGE_IDS) probes.push(r("owner of A", "owner of A", "refuse", true, { url: fillPath(pattern, a, { garbage }).url, input: `garbage id ${JSON.stringify(garbage.slice(0, 30))}` }));
        }
        for (const slug of GARBAGE_SLUGS) probes.push(r("owner of A", "owner of A", "refuse", true, { url: fillPath(pattern, a, { slug }).url, input: `garbage slug ${JSON.stringify(slug)}` }));
      } else {
        // Public by design (health, readiness, the OpenAPI document, Inngest's handler): no 500, nothing of A.
        probes.push(r("signed-out", "signed-out", "any", false), r("member of A", "member of A", "any", true), r("owner of B", "owner of B", "any", false));
      }
    }
    const unsupported = ALL_METHODS.find((m) => !allowed.includes(m));
    if (unsupported) {
      probes.push(routeProbe({ target: `${unsupported} ${pattern}`, caller: "member of A", input: "a method the route does not have", request: callers["member of A"], method: unsupported, url, body: BODY_METHODS.has(unsupported) ? {} : undefined, expect: "refuse", mayReadA: true }));
    }
  }
  // Auth.js: public endpoints; never a 500, never anything of A.
  for (const route of surface.routes.filter((r) => r === "/api/auth/[...nextauth]")) {
    for (const endpoint of authEndpoints(w)) {
      for (const caller of ["signed-out", "member of A", "owner of B"] as const) {
        probes.push({
          area: "route", target: `${endpoint.method} ${route}`, caller, input: endpoint.path, request: callers[caller], method: endpoint.method,
          url: `/api/auth/${endpoint.path}`, headers: endpoint.form ? FORM_TYPE : undefined, body: endpoint.form ? new URLSearchParams(endpoint.form).toString() : undefined,
          expect: "any", mayReadA: caller === "member of A",
        });
      }
    }
  }
  return probes;
}

// ---- Server actions ------------------------------------------------------------------------------

const specOf = (action: BuildAction): ActionSpec => ACTIONS[action.name] ?? { access: "member", input: genericActionInput };

function actionHeaders(action: BuildAction, extra: Record<string, string> = {}) {
  return { "next-action": action.id, accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: APP_URL, ...extra };
}

/** The page an action is posted to: of the pages that load it, the one with the fewest dynamic segments (never an invitation link if avoidable), filled for `slug`. */
function actionUrl(action: BuildAction, w: AttackWorld, slug = w.a.slug) {
  const weight = (page: string) => (page.match(/\[/g)?.length ?? 0) + (page.includes("[token]") ? 10 : 0);
  const page = [...action.pages].sort((x, y) => weight(x) - weight(y))[0] ?? "/sign-in";
  return fillPath(page, w.a, { slug }).url;
}

function expectationFor(spec: ActionSpec, role: Role | "signed-out" | "outsider"): Expectation {
  if (spec.access === "public") return "any";
  if (spec.access === "nobody" || role === "signed-out") return "refuse";
  if (spec.access === "user") return "any";
  if (role === "outsider") return "refuse";
  return roleAllows(role, spec.access) ? "any" : "refuse";
}

export function actionAuthorizationProbes(w: AttackWorld, surface: BuildSurface): Probe[] {
  const probes: Probe[] = [];
  const { a, b, callers } = w;
  for (const action of surface.actions) {
    const spec = specOf(action);
    const input = spec.input(a, w);
    const body = JSON.stringify(input === undefined ? [] : [input]);
    const p = (caller: string, request: CallerName, url: string, expect: Expectation, mayReadA: boolean, value = body): Probe => ({
      area: "action", target: action.name, caller, input: "valid", request: callers[request], method: "POST", url, headers: actionHeaders(action), body: value, expect, mayReadA,
    });
    const capability = !!spec.capability;
    probes.push(
      // Without a session cookie the proxy turns /w/… away before the action runs; a forged
      // cookie gets past the proxy to the action's own check.
      p("signed-out", "signed-out", actionUrl(action, w), expectationFor(spec, "signed-out"), capability),
      p("forged session cookie", "forged session cookie", actionUrl(action, w), expectationFor(spec, "signed-out"), capability),
    );
    if (spec.endsSession) continue;
    probes.push(
      p("viewer of A", "viewer of A", actionUrl(action, w), expectationFor(spec, "viewer"), true),
      p("member of A", "member of A", actionUrl(action, w), expectationFor(spec, "member"), true),
      p("owner of B (A's slug)", "owner of B", actionUrl(action, w), expectationFor(spec, "outsider"), capability),
    );
    if (input && "workspaceSlug" in input) {
      const inB = { ...input, workspaceSlug: b.slug };
      const targetsA = containsMarker(w, JSON.stringify(inB)) && !spec.othersIdsMatchNothing;
      probes.push(p("owner of B (B's slug, A's ids)", "owner of B", actionUrl(action, w, b.slug), targetsA ? "refuse" : "any", false, JSON.stringify([inB])));
    }
  }
  // An action id the build does not have.
  const fake = { id: `7f${"0".repeat(40)}`, name: "made-up action id", file: "", pages: [] };
  probes.push({ area: "action", target: fake.name, caller: "member of A", input: "valid", request: callers["member of A"], method: "POST", url: "/sign-in", headers: actionHeaders(fake), body: "[{}]", expect: "refuse", mayReadA: true });
  return probes;
}

// ---- Bad input -----------------------------------------------------------------------------------

export function actionBadInputProbes(w: AttackWorld, surface: BuildSurface): Probe[] {
  const probes: Probe[] = [];
  for (const action of surface.actions) {
    const spec = specOf(action);
    const valid = spec.input(w.a, w);
    // Owner of A passes every role check, so the input reaches the action's own code; an action
    // that ends the session whatever it is sent is attacked signed-out.
    const caller: CallerName = spec.endsSession ? "signed-out" : "owner of A";
    const url = actionUrl(action, w);
    const p = (input: string, body: string | Buffer, extra: { headers?: Record<string, string>; huge?: boolean } = {}): Probe => ({
      area: "action", target: action.name, caller, input, request: w.callers[caller], method: "POST", url, headers: actionHeaders(action, extra.headers), body,
      expect: "refuse", mayReadA: true, badInput: true, huge: extra.huge,
    });
    const args = (value: unknown) => toJsonText(valid === undefined && value === undefined ? [] : [value]);
    for (const variant of badVariants(valid)) {
      // A field the action normalises by design (a bad callbackUrl becomes "/") may take anything but a 5xx.
      const lenient = spec.lenient?.some((field) => variant.input.endsWith(` in ${field}`)) && !variant.huge;
      probes.push({ ...p(variant.input, args(variant.value), { huge: variant.huge }), ...(lenient ? { expect: "any" as const } : {}) });
    }
    const broken = args(brokenValue(valid));
    probes.push(
      p("malformed JSON", '[{"workspaceSlug":'),
      p("Content-Type: multipart/form-data (body is JSON)", broken, { headers: { "content-type": "multipart/form-data; boundary=attack" } }),
      p("Content-Type: application/x-www-form-urlencoded", broken, { headers: FORM_TYPE }),
      p("cross-origin Origin: https://evil.example", broken, { headers: { origin: "https://evil.example" } }),
    );
  }
  return probes;
}

/** Route bad input: API routes with a fresh key of A each, session routes as A's owner, public ones signed-out. */
export async function routeBadInputProbes(w: AttackWorld, methods: Map<string, string[]>): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const [pattern, allowed] of methods) {
    const auth = routeAuth(pattern);
    const headers = auth === "api-key" ? bearer(await w.newKeyOfA()) : {};
    const caller: CallerName = auth === "session" ? "owner of A" : "signed-out";
    const url = fillPath(pattern, w.a).url;
    for (const method of allowed) {
      const target = `${method} ${pattern}`;
      const p = (input: string, body: string | undefined, extra: { headers?: Record<string, string>; huge?: boolean; url?: string } = {}): Probe => ({
        area: "route", target, caller: auth === "api-key" ? "A's read+write key" : caller, input, request: w.callers[caller], method, url: extra.url ?? url,
        headers: { ...headers, ...(body !== undefined ? JSON_TYPE : {}), ...extra.headers }, body, expect: "refuse", mayReadA: true, badInput: true, huge: extra.huge,
      });
      if (!BODY_METHODS.has(method)) {
        probes.push({ ...p("NUL bytes, impossible dates and nonsense in the query", undefined, { url: `${url}?${BAD_QUERY}` }), expect: "any" });
        continue;
      }
      const valid = ROUTE_BODIES[target]?.(w.a, w);
      for (const variant of badVariants(valid)) probes.push(p(variant.input, toJsonText(variant.value), { huge: variant.huge }));
      const body = JSON.stringify(valid ?? {});
      probes.push(
        p("malformed JSON", '{"sessionId":'),
        p("empty body", ""),
        p("a JSON array instead of an object", "[]"),
        p("Content-Type: text/plain (valid JSON)", body, { headers: { "content-type": "text/plain;charset=UTF-8" } }),
        p("Content-Type: application/x-www-form-urlencoded (valid JSON)", body, { headers: FORM_TYPE }),
        p("Content-Type: multipart/form-data (valid JSON)", body, { headers: { "content-type": "multipart/form-data; boundary=attack" } }),
      );
    }
  }
  // Auth.js's email sign-in with a valid CSRF token, so the input gets past the token check.
  const request = await w.newSignedOutRequest();
  const csrf = (await (await request.get(`${APP_URL}/api/auth/csrf`)).json()) as { csrfToken: string };
  const form = { csrfToken: csrf.csrfToken, email: `attack-authjs-bad-${w.b.slug}@example.test`, callbackUrl: "/" };
  const auth = (input: string, body: string, headers: Record<string, string> = FORM_TYPE, huge = false): Probe => ({
    area: "route", target: "POST /api/auth/[...nextauth]", caller: "signed-out with a CSRF token", input, request, method: "POST", url: "/api/auth/signin/email",
    headers, body, expect: "refuse", mayReadA: false, badInput: true, huge,
  });
  probes.push(
    auth("NUL byte in email", new URLSearchParams({ ...form, email: `a\u0000${form.email}` }).toString()),
    auth("NUL byte in callbackUrl", new URLSearchParams({ ...form, callbackUrl: "/\u0000" }).toString()),
    auth("1.1 MB email", new URLSearchParams({ ...form, email: `${"x".repeat(1_100_000)}@example.test` }).toString(), FORM_TYPE, true),
    auth("10 MB email", new URLSearchParams({ ...form, email: `${"x".repeat(10 * 1024 * 1024)}@example.test` }).toString(), FORM_TYPE, true),
    auth(`5000-deep JSON body`, toJsonText({ ...form, email: DEEP_SLOT }), JSON_TYPE),
    auth("Content-Type: multipart/form-data (form body)", new URLSearchParams(form).toString(), { "content-type": "multipart/form-data; boundary=attack" }),
  );
  return probes;
}

