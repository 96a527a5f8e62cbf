import "server-only";
import { db, type Tx } from "@/server/db";

/**
 * Runs big set-based statements with JIT off (SET LOCAL, one transaction). Their cost estimates
 * exceed `jit_above_cost`, and on a stock Postgres JIT compilation alone took 3.8 s of a 5.4 s
 * extraction (bench/README.md, feedback pipeline) for statements that execute in well under a second.
 */
export function withoutJit<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL jit = off");
    return fn(tx);
  }, { timeout: 120_000, maxWait: 10_000 });
}
