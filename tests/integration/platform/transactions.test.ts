import { describe, expect, it } from "vitest";
import { env } from "@/env";
import { db } from "@/server/db";

describe("interactive transactions", () => {
  it("a burst larger than the connection pool waits for a connection instead of failing", async () => {
    // One transaction more than the pool holds, each keeping its connection 2.5 s: the last one
    // waits ≈ 2.5 s for a connection (Prisma's default wait, 2 s, would fail it).
    const burst = Array.from({ length: env.DATABASE_POOL_MAX + 1 }, (_, i) =>
      db.$transaction(async (t) => {
        await t.$executeRaw`SELECT pg_sleep(2.5)`;
        return i;
      }),
    );
    const settled = await Promise.allSettled(burst);
    expect(settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason).slice(0, 200))).toEqual([]);
  }, 30_000);
});
