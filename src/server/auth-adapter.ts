import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter } from "next-auth/adapters";
import type { Db } from "@/server/db";

type SessionAndUserRow = {
  sessionToken: string;
  userId: string;
  expires: Date;
  sessionCreatedAt: Date;
  sessionUpdatedAt: Date;
  id: string;
  name: string | null;
  email: string;
  emailVerified: Date | null;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Auth.js's Prisma adapter, with:
 * - the session and its user read in one statement (every signed-in request reads them; the stock
 *   adapter's `include` takes two);
 * - a sign-out that forgives a session already gone (signed out in another tab, expired and swept,
 *   or the same sign-out sent twice). The stock adapter's `delete` throws there, and Auth.js logs
 *   a SignOutError for what is only a repeat.
 */
export function authAdapter(db: Db): Adapter {
  const adapter = PrismaAdapter(db);
  return {
    ...adapter,
    async getSessionAndUser(sessionToken) {
      const [row] = await db.$queryRaw<SessionAndUserRow[]>`
        SELECT s."sessionToken", s."userId", s."expires", s."createdAt" AS "sessionCreatedAt", s."updatedAt" AS "sessionUpdatedAt",
          u."id", u."name", u."email", u."emailVerified", u."image", u."createdAt", u."updatedAt"
        FROM "Session" s JOIN "User" u ON u."id" = s."userId"
        WHERE s."sessionToken" = ${sessionToken}`;
      if (!row) return null;
      const { sessionToken: token, userId, expires, sessionCreatedAt, sessionUpdatedAt, ...user } = row;
      return { session: { sessionToken: token, userId, expires, createdAt: sessionCreatedAt, updatedAt: sessionUpdatedAt }, user };
    },
    async deleteSession(sessionToken) {
      await db.session.deleteMany({ where: { sessionToken } });
    },
  };
}
