import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { queryWithin } from "@/server/query-within";
import { db } from "@/server/db";

describe("queryWithin", () => {
  it("answers the rows of a statement that finishes in time", async () => {
    expect(await queryWithin<{ n: number }[]>(5_000, Prisma.sql`SELECT 41 + 1 AS "n"`)).toEqual([{ n: 42 }]);
  });

  it("answers null when the statement outlives its limit, and leaves the connection's limit alone", async () => {
    // pg_sleep(2) would answer one row: null means PostgreSQL cancelled it at its limit.
    expect(await queryWithin(50, Prisma.sql`SELECT pg_sleep(2)`)).toBeNull();
    // SET LOCAL ended with its transaction: the pool's connections have no limit afterwards.
    const rows = await db.$queryRaw<{ statement_timeout: string }[]>`SHOW statement_timeout`;
    expect(rows[0].statement_timeout).toBe("0");
  });

  it("passes other errors on", async () => {
    await expect(queryWithin(5_000, Prisma.sql`SELECT 1 / 0`)).rejects.toThrow(/division by zero/);
  });
});
