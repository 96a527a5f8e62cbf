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
