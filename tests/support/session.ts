import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionUser } from "@/server/session";

type Store = { __testSessionUser?: SessionUser | null; __testSessionScope?: AsyncLocalStorage<SessionUser | null> };
const store = globalThis as Store;
const scoped = (store.__testSessionScope ??= new AsyncLocalStorage<SessionUser | null>());

/** Makes the next action calls run as `user` (null = signed out). */
export function actAs(user: SessionUser | null) {
  store.__testSessionUser = user;
}

/**
 * Runs `work` as `user`, whatever other calls running at the same time act as: parallel calls from
 * several people (`Promise.all` of `asUser(a, …)`, `asUser(b, …)`) each see their own session.
 */
export function asUser<T>(user: SessionUser | null, work: () => Promise<T>): Promise<T> {
  return scoped.run(user, work);
}

/** The session an action sees: the caller's `asUser`, else the last `actAs`. */
export function currentTestUser(): SessionUser | null {
  const inScope = scoped.getStore();
  return inScope !== undefined ? inScope : (store.__testSessionUser ?? null);
}
