import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/env";

// One Prisma client per process. The same adapter and driver serve an external PostgreSQL and the
// embedded one (the same server, run from npm's binaries by the launcher), so there is a single
// code path for both. DATABASE_POOL_MAX sizes the pool (default 10 connections per process).
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

// Interactive transactions wait up to 10 s for a pooled connection and may run 20 s. Prisma's
// defaults (2 s and 5 s) fail a write outright when a burst of requests queues on the pool, or when
// the machine is busy, although the database would have served it a moment later.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

function createClient() {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX }), transactionOptions: TRANSACTION_OPTIONS });
}

export const db = globalForPrisma.prisma ?? createClient();

if (env.NODE_ENV !== "production") globalForPrisma.prisma = db;

export type Db = typeof db;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * `work` in the caller's transaction when one is given, else in a new one: the single place a write
 * path that may run inside another's transaction decides which (`npm run lint` checks that no code
 * reached from a `$transaction` callback names `db` — this file is the exception it trusts).
 */
export function inTransaction<T>(outer: Tx | undefined, work: (t: Tx) => Promise<T>): Promise<T> {
  return outer ? work(outer) : db.$transaction(work);
}
