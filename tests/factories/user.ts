import type { SessionUser } from "@/server/session";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

export type UserFields = { email?: string; name?: string | null };

/** A user (as the session sees one), with a unique email unless given. */
export async function makeUser(fields: UserFields = {}, db: FactoryDb = factoryDb()): Promise<SessionUser> {
  const user = await db.user.create({ data: { email: fields.email ?? `user-${uid()}@example.test`, name: fields.name ?? null } });
  return { id: user.id, email: user.email, name: user.name };
}
