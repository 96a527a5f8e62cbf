import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter } from "next-auth/adapters";
import type { Db } from "@/server/db";

/**
 * Auth.js's Prisma adapter, with a sign-out that forgives a session already gone (signed out in
 * another tab, expired and swept, or the same sign-out sent twice). The stock adapter's
 * `delete` throws there, and Auth.js logs a SignOutError for what is only a repeat.
 */
export function authAdapter(db: Db): Adapter {
  const adapter = PrismaAdapter(db);
  return {
    ...adapter,
    async deleteSession(sessionToken) {
      await db.session.deleteMany({ where: { sessionToken } });
    },
  };
}
