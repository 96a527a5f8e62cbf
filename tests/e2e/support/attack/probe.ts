import type { APIRequestContext } from "@playwright/test";
import { APP_URL } from "../ports";

// One crafted request ("probe"), what came back, and what is wrong with it. Probes run with
// bounded concurrency; every problem becomes a Violation in a category, and the spec asserts
// each category once with the whole list.

/** "refuse": the caller or the input must be turned away (4xx, a same-origin redirect, or an action's `{ ok: false }` with a 4xx). "any": anything but a server error. */
export type Expectation = "refuse" | "any";

export type Probe = {
  area: "page" | "route" | "action";
  /** The endpoint as the build names it: "/w/[slug]/agents" (page), "POST /api/v1/tasks" (route), "createTaskAction" (action). */
  target: string;
  caller: string;
  /** What was sent, in words: "valid", "NUL in title", "1.1 MB body"… */
  input: string;
  request: APIRequestContext;
  method: string;
  /** Path (and query) on the app, or an absolute URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  expect: Expectation;
  /** The caller belongs to A (or holds a capability): A's ids and names may appear in the answer. */
  mayReadA: boolean;
  /** Set for bad-input probes (their acceptance is "bad input accepted", not "wrong caller accepted"). */
  badInput?: boolean;
  /** A huge body: the server may also refuse it by closing the connection. */
  huge?: boolean;
};

export type ActionResult = { ok: boolean; status?: number; redirect?: string } | null;

export type Outcome = {
  probe: Probe;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Server actions: the `{ ok, error }` result in the RSC payload (null when there is none). */
  action?: ActionResult;
  /** The request failed on the wire. */
  failure?: string;
};

export type Violation = { category: Category; probe: Probe; status: string; detail: string };

export const CATEGORIES = {
  serverError: "server errors (HTTP 5xx, or an action result with status 5xx)",
  wrongCaller: "a caller that must be refused was served",
  badInput: "bad input was accepted",
  unexpected: "unexpected status (not 400/401/403/404/405/409/410/413/415/422/429, a redirect or a success)",
  leak: "workspace A's ids or names in an answer to someone outside A",
  redirect: "redirects off-site",
  transport: "requests that failed on the wire",
} as const;
export type Category = keyof typeof CATEGORIES;

const REFUSALS = new Set([400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429]);

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The action's return value from an RSC flight payload: row 1, `{ "ok": …, "error": { "status": … } }`. */
export function parseActionResult(text: string, headers: Record<string, string>): ActionResult {
  const redirect = headers["x-action-redirect"];
  if (redirect) return { ok: true, redirect: redirect.split(";")[0] };
  const row = text.split("\n").find((line) => line.startsWith("1:"));
  if (!row) return null;
  const ok = /^1:\{"ok":(true|false)/.exec(row)?.[1];
  if (!ok) return null; // an error row (1:E{…}) or another value
  const status = /"error":\{"status":(\d{3})/.exec(row)?.[1];
  return { ok: ok === "true", status: status ? Number(status) : undefined };
}

export async function send(probe: Probe): Promise<Outcome> {
  const url = /^https?:/.test(probe.url) ? probe.url : `${APP_URL}${probe.url}`;
  try {
    const res = await probe.request.fetch(url, {
      method: probe.method,
      headers: probe.headers,
      data: probe.body,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 30_000,
    });
    const headers = res.headers();
    const text = await res.text().catch((e: Error) => `<unreadable body: ${e.message}>`);
    const outcome: Outcome = { probe, status: res.status(), headers, text };
    if (probe.area === "action" && res.status() < 300) outcome.action = parseActionResult(text, headers);
    return outcome;
  } catch (e) {
    return { probe, status: 0, headers: {}, text: "", failure: (e as Error).message.split("\n")[0] };
  }
}

const snippet = (text: string, at = 0, length = 160) =>
  JSON.stringify(text.slice(Math.max(0, at - 60), Math.max(0, at - 60) + length).replace(/\s+/g, " "));

/** Where to quote an answer from: an action's result row (row 1), else the start. */
function quote(o: Outcome): string {
  const row = o.probe.area === "action" ? o.text.split("\n").find((line) => line.startsWith("1:")) : undefined;
  return snippet(row ?? o.text);
}

export function statusOf(o: Outcome): string {
  if (o.failure) return "no response";
  if (o.action?.redirect) return `HTTP ${o.status}, redirects to ${o.action.redirect}`;
  if (o.action) return `HTTP ${o.status}, ok:${o.action.ok}${o.action.status ? ` status ${o.action.status}` : ""}`;
  if (o.headers.location) return `HTTP ${o.status} → ${o.headers.location}`;
  return `HTTP ${o.status}`;
}

const offSite = (location: string) => {
  try {
    return new URL(location, APP_URL).origin !== new URL(APP_URL).origin;
  } catch {
    return true;
  }
};

/** What is wrong with one outcome: its status against the probe's expectation, leaks, off-site redirects. */
export function judge(o: Outcome, markers: string[]): Violation[] {
  const { probe } = o;
  const found: Violation[] = [];
  const add = (category: Category, detail = "") => found.push({ category, probe, status: statusOf(o), detail });

  if (o.failure) {
    // A server may refuse a huge body by closing the connection; anything else is a failure.
    if (!(probe.huge && /EPIPE|ECONNRESET|socket hang up/i.test(o.failure))) add("transport", o.failure);
    return found;
  }
  const location = o.action?.redirect ?? o.headers.location;
  if (location && offSite(location)) add("redirect", `Location ${JSON.stringify(location)}`);

  const actionStatus = o.action?.status;
  if (o.status >= 500 || (actionStatus !== undefined && actionStatus >= 500)) {
    add("serverError", quote(o));
  } else {
    const served = o.action ? o.action.ok : o.status >= 200 && o.status < 300;
    if (probe.area === "action" && o.status >= 200 && o.status < 300 && !o.action) {
      add("unexpected", `no action result in ${quote(o)}`);
    } else if (o.status >= 400 && !REFUSALS.has(o.status)) {
      add("unexpected", quote(o));
    } else if (actionStatus !== undefined && !REFUSALS.has(actionStatus)) {
      add("unexpected", quote(o));
    } else if (served && probe.expect === "refuse") {
      add(probe.badInput ? "badInput" : "wrongCaller", quote(o));
    }
  }

  if (!probe.mayReadA) {
    const sent = decodeURIComponentSafe(probe.url) + (typeof probe.body === "string" ? probe.body : "");
    const answer = `${location ?? ""}\n${o.text}`;
    for (const marker of markers) {
      if (sent.includes(marker)) continue; // echoing what the caller sent is not a leak
      const at = answer.indexOf(marker);
      if (at >= 0) add("leak", `contains ${JSON.stringify(marker)}: ${snippet(answer, at)}`);
    }
  }
  return found;
}

function decodeURIComponentSafe(s: string) {
  try {
    return `${s}\n${decodeURIComponent(s)}`;
  } catch {
    return s;
  }
}

// ---- Security headers ----------------------------------------------------------------------------

const SECURITY_HEADERS: [string, (value: string | undefined) => boolean][] = [
  ["Content-Security-Policy with frame-ancestors 'none'", (v) => !!v && /frame-ancestors\s+'none'/i.test(v)],
  ["X-Frame-Options: DENY", (v) => v?.trim().toUpperCase() === "DENY"],
  ["X-Content-Type-Options: nosniff", (v) => v?.trim().toLowerCase() === "nosniff"],
  ["Referrer-Policy", (v) => !!v?.trim()],
  ["Permissions-Policy", (v) => !!v?.trim()],
];
const HEADER_NAMES = ["content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"];

/** One line per endpoint whose answers lack a security header: which headers, on which statuses. */
export function missingSecurityHeaders(outcomes: Outcome[]): string[] {
  const byTarget = new Map<string, { missing: Set<string>; statuses: Set<number> }>();
  for (const o of outcomes) {
    if (o.failure) continue;
    const missing = SECURITY_HEADERS.filter(([, ok], i) => !ok(o.headers[HEADER_NAMES[i]])).map(([name]) => name);
    if (!missing.length) continue;
    const key = `${o.probe.area} ${o.probe.target}`;
    const entry = byTarget.get(key) ?? { missing: new Set(), statuses: new Set() };
    missing.forEach((m) => entry.missing.add(m));
    entry.statuses.add(o.status);
    byTarget.set(key, entry);
  }
  return [...byTarget].map(([key, { missing, statuses }]) => `${key} (HTTP ${[...statuses].sort().join("/")}): missing ${[...missing].join(", ")}`).sort();
}

// ---- Reporting -----------------------------------------------------------------------------------

/** "target · caller · input · status · detail", one line per violation, for a category's assertion. */
export function lines(violations: Violation[], category: Category): string[] {
  return violations
    .filter((v) => v.category === category)
    .map((v) => `${v.probe.target.startsWith(`${v.probe.method} `) ? "" : `${v.probe.method} `}${v.probe.target} [${v.probe.url.length > 140 ? `${v.probe.url.slice(0, 140)}…` : v.probe.url}] · ${v.probe.caller} · ${v.probe.input} · ${v.status}${v.detail ? ` · ${v.detail}` : ""}`);
}

/** Sends every probe (8 at a time, huge bodies 2 at a time) and judges the answers. */
export async function attack(probes: Probe[], markers: string[]) {
  const small = probes.filter((p) => !p.huge);
  const huge = probes.filter((p) => p.huge);
  const outcomes = [...(await pool(small, 8, send)), ...(await pool(huge, 2, send))];
  const violations = outcomes.flatMap((o) => judge(o, markers));
  return { outcomes, violations };
}
