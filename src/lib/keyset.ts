import { z } from "zod";

// Keyset ("seek") pagination for lists that grow large: a page is the rows after (or before) the
// last row seen in a stable order (a sort key, then the id), found by an index range scan however
// deep the page, unlike OFFSET. The cursor is opaque to clients: base64url of [sort, key, id].

export type Cursor = { sort: string; key: string; id: string };

// base64url of UTF-8 with web APIs (no Buffer): the module is pure and loads anywhere.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.key, cursor.id]));
}

/** The cursor, or null for anything that is not one of ours (a client must get a 400, never a 500). */
export function decodeCursor(text: string): Cursor | null {
  if (text.length > 400 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === "string" && v.length > 0 && v.length <= 300)) return null;
    const [sort, key, id] = value as string[];
    return { sort, key, id };
  } catch {
    return null;
  }
}

/** A `cursor` query parameter: decoded, or a 400 with this message. */
export const CursorSchema = z
  .string()
  .transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: "This cursor is not valid: pass the nextCursor of a previous page unchanged." });
      return z.NEVER;
    }
    return cursor;
  });

/** `limit`: an integer from 1 to `max` given as text (a query parameter), `fallback` when absent. */
export const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit is a whole number from 1 to ${max}.` })
    .int({ error: `limit is a whole number from 1 to ${max}.` })
    .min(1, { error: `limit is a whole number from 1 to ${max}.` })
    .max(max, { error: `limit is at most ${max}.` })
    .default(fallback);

/**
 * A keyset order: one column and a direction, the id as the tie-breaker (a total, stable order).
 * `date`: the column is a timestamp (its cursor key is the ISO string).
 */
export type KeysetSort = { field: string; dir: "asc" | "desc"; date?: boolean };

/** The cursor key's value for a where clause (a Date for a timestamp column), or null when it is not one. */
export function keysetValue(sort: KeysetSort, key: string): Date | string | null {
  if (!sort.date) return key;
  const d = new Date(key);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A where clause for the rows strictly after (`forward`) or before the cursor's row in `sort`'s order. */
export function keysetSeek(sort: KeysetSort, cursor: { key: string; id: string }, forward: boolean): { OR: Record<string, unknown>[] } {
  const op = (sort.dir === "desc") === forward ? "lt" : "gt";
  const key = keysetValue(sort, cursor.key);
  return { OR: [{ [sort.field]: { [op]: key } }, { [sort.field]: key, id: { [op]: cursor.id } }] };
}

/** The orderBy of a page read forward, or backward (reversed afterwards). */
export function keysetOrderBy(sort: KeysetSort, forward: boolean): Record<string, "asc" | "desc">[] {
  const dir = forward ? sort.dir : sort.dir === "asc" ? "desc" : "asc";
  return [{ [sort.field]: dir }, { id: dir }];
}

/** A row's position in `sort`'s order: its key (ISO string for a timestamp) and its id. */
export function keysetKeyOf(sort: KeysetSort, row: { id: string } & Record<string, unknown>): { key: string; id: string } {
  const value = row[sort.field];
  return { key: value instanceof Date ? value.toISOString() : String(value), id: row.id };
}

/** A row's cursor in the order named `name`. */
export function keysetCursorOf(name: string, sort: KeysetSort, row: { id: string } & Record<string, unknown>): string {
  return encodeCursor({ sort: name, ...keysetKeyOf(sort, row) });
}

/**
 * The page from `limit + 1` rows read in `keysetOrderBy` order: the rows in display order and the
 * cursors of the pages before and after it (null at either end).
 */
export function keysetPage<T extends { id: string } & Record<string, unknown>>(
  name: string, sort: KeysetSort, rows: T[], { limit, forward, hadCursor }: { limit: number; forward: boolean; hadCursor: boolean },
) {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const nextCursor = last && (forward ? more : true) ? keysetCursorOf(name, sort, last) : null;
  const prevCursor = first && (forward ? hadCursor : more) ? keysetCursorOf(name, sort, first) : null;
  return { page, nextCursor, prevCursor };
}
