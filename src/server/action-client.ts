import "server-only";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { toErrorBody, unauthorized, type ErrorBody } from "@/server/errors";
import { parseInput } from "@/server/input";
import { getSessionUser, type SessionUser } from "@/server/session";
import { requestIdOf } from "@/lib/request-id";
import { runWithRequestId } from "./request-context";

// The one way to write a server action: zod → session (→ workspace membership → role: the
// workspaces slice's `workspaceAction`, built on these) → the handler. Failures come back as a
// typed result carrying an HTTP-like status (400/401/403/404/409…) and a safe message; nothing is
// thrown to the client except Next's redirects.

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

async function incomingHeaders() {
  try {
    return await headers();
  } catch {
    return null;
  }
}

export async function settle<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  // Its log lines carry the request id (src/proxy.ts); outside a request (scripts, tests) a new one.
  const requestId = requestIdOf(await incomingHeaders());
  return runWithRequestId(requestId, async () => {
    try {
      return { ok: true, data: await work() };
    } catch (e) {
      unstable_rethrow(e); // redirect(), notFound() … are control flow, not errors
      return { ok: false, error: toErrorBody(e) };
    }
  });
}

export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw unauthorized();
  return user;
}

/** An action anyone may call (e.g. asking for a sign-in link): input validation only. */
export function publicAction<S extends z.ZodType, T>(input: S, handler: (input: z.output<S>) => Promise<T>) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> => settle(async () => handler(parseInput(input, raw)));
}

/** An action for any signed-in user (not tied to one workspace). */
export function authedAction<S extends z.ZodType, T>(
  input: S,
  handler: (input: z.output<S>, ctx: { user: SessionUser }) => Promise<T>,
) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> =>
    settle(async () => {
      const data = parseInput(input, raw);
      const user = await requireUser();
      return handler(data, { user });
    });
}
