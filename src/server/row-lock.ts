import "server-only";
import { conflict } from "./errors";
import { isPostgresError } from "./pg-errors";

/** PostgreSQL refusing a `FOR UPDATE NOWAIT` on a row another transaction holds (lock_not_available, 55P03). */
export const isLockNotAvailable = (e: unknown) => isPostgresError(e, "55P03", "could not obtain lock on row");

/**
 * Awaits a `SELECT … FOR UPDATE NOWAIT`: when another transaction holds the row — someone deciding
 * the same thing at this instant — the caller gets a 409 with `message` at once, instead of keeping
 * its pooled connection waiting for the other to commit. A burst of 20 decisions on one row would
 * otherwise park most of a pool of 10 on that lock (and everything else of the process behind it).
 * The failed statement aborts the transaction, which the caller's `$transaction` rolls back.
 */
export async function lockOrConflict<T>(lock: PromiseLike<T>, message: string): Promise<T> {
  try {
    return await lock;
  } catch (e) {
    if (isLockNotAvailable(e)) throw conflict(message);
    throw e;
  }
}
