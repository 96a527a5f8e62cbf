import "server-only";
import { Prisma } from "@/generated/prisma/client";

// Prisma stores DateTime as UTC in `timestamp(3)` columns. Parameters go as ISO strings cast to
// `timestamp`, so comparisons never depend on the session's TimeZone.
export const ts = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`;

export const num = (v: number | bigint | null | undefined) => (v == null ? null : Number(v));
export const int = (v: number | bigint | null | undefined) => (v == null ? 0 : Number(v));

/** A `timestamp` read back by the pg adapter (Date, or a string without zone meaning UTC). */
export function utc(v: Date | string | null | undefined): Date | null {
  if (v == null) return null;
  if (v instanceof Date) return v;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(" ", "T")}Z`);
}
