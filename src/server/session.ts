import "server-only";
import { auth } from "@/server/auth";

export type SessionUser = { id: string; email: string; name: string | null };

/** The signed-in user, or null. The one place the rest of the code reads the session from. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? null };
}
