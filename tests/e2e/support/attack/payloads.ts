// Bad input made from a valid one: a NUL byte in each string field (one at a time, the rest
// valid), impossible dates, bodies over 1 MB and 10 MB, JSON nested 5,000 levels deep, broken JSON.
// Every variant breaks a real field, so no variant is a valid call that would quietly act on A.

export const NUL = "\u0000";
export const IMPOSSIBLE_DATE = "2026-02-30T00:00:00Z";
/** Over 1 MB however it is counted (1,000,000 bytes or 1 MiB). */
export const ONE_MB = 1_100_000;
export const TEN_MB = 10 * 1024 * 1024;
export const DEPTH = 5_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

export type Variant = { input: string; value: unknown; huge?: boolean };

/** `{"a":{"a":…1…}}`, `depth` levels (built as text: JSON.stringify would recurse as deep). */
export function deepJson(depth = DEPTH): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function setAt<T>(value: T, path: Path, leaf: unknown): T {
  if (!path.length) return leaf as T;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), leaf);
  return copy as T;
}

const getAt = (value: unknown, path: Path): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
const name = (path: Path) => path.join(".") || "the argument";

/** Free text is where a long or odd value would get furthest; else the first string that is not the slug. */
function mainField(value: unknown): Path | undefined {
  const leaves = stringLeaves(value);
  const last = (p: Path) => String(p[p.length - 1]);
  return (
    leaves.find((p) => /^(text|title|name|directives|markdown|reason|description|summary|email|displayName)$/.test(last(p))) ??
    leaves.find((p) => last(p) !== "workspaceSlug") ??
    leaves[0]
  );
}

/** A marker to splice the deep JSON into (JSON.stringify cannot nest 5,000 levels). */
export const DEEP_SLOT = "__attack_deep_json__";

/** The JSON text of `value`, with the deep-nesting slot (if any) replaced by 5,000-deep JSON. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(JSON.stringify(DEEP_SLOT), deepJson());
}

/** The bad-input variants of a valid JSON value (an action's argument or a route's body). */
export function badVariants(valid: Record<string, unknown> | undefined): Variant[] {
  const base: Json = (valid ?? {}) as Json;
  const variants: Variant[] = [];
  for (const path of stringLeaves(base)) {
    const current = String(getAt(base, path));
    variants.push({ input: `NUL byte in ${name(path)}`, value: setAt(base, path, `${current.slice(0, 1)}${NUL}${current.slice(1)}`) });
  }
  for (const path of stringLeaves(base).filter((p) => /At$|^(from|to|date|since|until)$/i.test(String(p[p.length - 1])))) {
    variants.push({ input: `impossible date ${IMPOSSIBLE_DATE} in ${name(path)}`, value: setAt(base, path, IMPOSSIBLE_DATE) });
  }
  const field = mainField(base);
  if (field) {
    variants.push({ input: `1.1 MB string in ${name(field)}`, value: setAt(base, field, "x".repeat(ONE_MB)), huge: true });
    variants.push({ input: `10 MB string in ${name(field)}`, value: setAt(base, field, "x".repeat(TEN_MB)), huge: true });
    variants.push({ input: `${DEPTH}-deep JSON in ${name(field)}`, value: setAt(base, field, DEEP_SLOT) });
  } else {
    variants.push({ input: "1.1 MB padding", value: { padding: "x".repeat(ONE_MB) }, huge: true });
    variants.push({ input: "10 MB padding", value: { padding: "x".repeat(TEN_MB) }, huge: true });
    variants.push({ input: `${DEPTH}-deep JSON`, value: DEEP_SLOT });
  }
  return variants;
}

/** The valid value with its main field broken (for content-type and origin probes, which must never act). */
export function brokenValue(valid: Record<string, unknown> | undefined): unknown {
  const field = mainField(valid ?? {});
  return field ? setAt(valid, field, 42) : { broken: 42 };
}

/**
 * Every query parameter a page of the app reads (src/app/**\/page.tsx and the schemas they parse
 * the query with: search, notes, one-on-one, ritual review, tasks, inbox, template, sign-in). A page
 * that reads its query gets each one alone with a NUL byte, so one broken parameter cannot hide
 * another behind a failed parse of the whole query.
 */
export const QUERY_PARAMS = ["q", "kind", "templateId", "agentId", "from", "to", "sort", "page", "session", "n", "sig", "status", "window", "tab", "task", "callbackUrl", "email", "error"];

/** Single bad query strings for a page that reads its query. */
export function badQueries(): { input: string; query: string }[] {
  return [
    ...QUERY_PARAMS.map((name) => ({ input: `NUL byte in ?${name}`, query: new URLSearchParams({ [name]: `a${NUL}b` }).toString() })),
    { input: `impossible date in ?from and ?to`, query: new URLSearchParams({ from: IMPOSSIBLE_DATE, to: IMPOSSIBLE_DATE }).toString() },
    { input: "?page=-1 and ?window=-1", query: "page=-1&window=-1" },
    { input: "every parameter twice (arrays)", query: QUERY_PARAMS.map((name) => `${name}=a&${name}=b`).join("&") },
  ];
}

/** Query parameters every page and GET route is also sent at once: NUL bytes, impossible dates, nonsense. */
export const BAD_QUERY = new URLSearchParams({
  q: `a${NUL}b`,
  from: IMPOSSIBLE_DATE,
  to: "2026-13-45",
  since: IMPOSSIBLE_DATE,
  page: "-1",
  session: NUL,
  kind: NUL,
  n: NUL,
  sig: NUL,
  templateId: NUL,
  agentId: NUL,
  sort: NUL,
  callbackUrl: "//evil.example",
  email: `x${NUL}@example.test`,
  error: NUL,
}).toString();
