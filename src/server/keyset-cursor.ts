import "server-only";
import { keysetKeyOf, keysetOrderBy, keysetSeek, keysetValue, type Cursor, type KeysetSort } from "@/lib/keyset";
import { badRequest } from "./errors";

/**
 * A page request's cursor must belong to the list's sort order and carry a key of its type: a 400
 * saying to start again otherwise (a cursor from a link made for another order, or edited by hand).
 * Kept apart from `src/lib/keyset.ts`, which stays pure (no logger behind `badRequest`).
 */
export function assertKeysetCursor(sortName: string, sort: KeysetSort, cursor: Cursor): void {
  assertCursorOrder(sortName, cursor);
  if (keysetValue(sort, cursor.key) === null) throw badRequest("This cursor is not valid: start again from the first page.", { cursor: ["This cursor is not valid."] });
}

/** The cursor was made for the list's order `sortName` (a 400 otherwise); lists with a key of their own check it themselves. */
export function assertCursorOrder(sortName: string, cursor: Cursor): void {
  if (cursor.sort !== sortName) throw badRequest("This cursor belongs to another sort order: start again from the first page.", { cursor: ["This cursor belongs to another sort order."] });
}

/**
 * The reads of one keyset page over a Prisma model, for a filter `base` (the model's where input):
 * the cursor checked (400s above), `where` and `orderBy` for the `limit + 1` rows, `paging` for
 * `keysetPage`, and `before(row)`: the rows ahead of `row` in display order (a page's offset).
 */
export function keysetQuery<W>(sortName: string, sort: KeysetSort, base: W, { after, before }: { after?: Cursor; before?: Cursor }) {
  const cursor = after ?? before;
  if (cursor) assertKeysetCursor(sortName, sort, cursor);
  const forward = !before;
  return {
    where: (cursor ? { AND: [base, keysetSeek(sort, cursor, forward)] } : base) as W,
    orderBy: keysetOrderBy(sort, forward),
    paging: { forward, hadCursor: Boolean(cursor) },
    before: (row: { id: string } & Record<string, unknown>) => ({ AND: [base, keysetSeek(sort, keysetKeyOf(sort, row), false)] }) as W,
  };
}
