import "server-only";
import { keysetValue, type Cursor, type KeysetSort } from "@/lib/keyset";
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
