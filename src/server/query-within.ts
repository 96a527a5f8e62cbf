import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "./db";
import { isPostgresError } from "./pg-errors";

/** PostgreSQL cancelling a statement for its time limit (query_canceled, 57014). */
const isStatementTimeout = (e: unknown) => isPostgresError(e, "57014", "canceling statement due to statement timeout");

/**
 * One read statement with a time limit (`SET LOCAL statement_timeout` in its own transaction):
 * its rows, or null when it ran out of time — for answers worth having only when cheap, such as an
 * exact match count, where the caller has a fallback (an estimate).
 */
export async function queryWithin<T>(ms: number, sql: Prisma.Sql): Promise<T | null> {
  try {
    const [, rows] = await db.$transaction([db.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`), db.$queryRaw<T>(sql)]);
    return rows;
  } catch (e) {
    if (isStatementTimeout(e)) return null;
    throw e;
  }
}
