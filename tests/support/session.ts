import type { SessionUser } from "@/server/session";

/** Makes the next action calls run as `user` (null = signed out). */
export function actAs(user: SessionUser | null) {
  (globalThis as { __testSessionUser?: SessionUser | null }).__testSessionUser = user;
}
