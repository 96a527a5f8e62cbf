import "server-only";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import {
  assertCan,
  getWorkspaceContextOrThrow,
  type WorkspaceContext,
} from "@/features/workspaces/server/workspace-context";
import type { Permission } from "@/features/workspaces/permissions";
import { WorkspaceSlugSchema } from "@/features/workspaces/schemas";
import { toErrorBody, unauthorized, type ErrorBody } from "@/server/errors";
import { getSessionUser, type SessionUser } from "@/server/session";

// The one way to write a server action: zod → session → workspace membership → role, then the
// handler. Failures come back as a typed result carrying an HTTP-like status (400/401/403/404/409…)
// and a safe message; nothing is thrown to the client except Next's redirects.

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

async function settle<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (e) {
    unstable_rethrow(e); // redirect(), notFound() … are control flow, not errors
    return { ok: false, error: toErrorBody(e) };
  }
}

async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw unauthorized();
  return user;
}

/** An action anyone may call (e.g. asking for a sign-in link): input validation only. */
export function publicAction<S extends z.ZodType, T>(input: S, handler: (input: z.output<S>) => Promise<T>) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> => settle(async () => handler(input.parse(raw)));
}

/** An action for any signed-in user (not tied to one workspace). */
export function authedAction<S extends z.ZodType, T>(
  input: S,
  handler: (input: z.output<S>, ctx: { user: SessionUser }) => Promise<T>,
) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> =>
    settle(async () => {
      const data = input.parse(raw);
      const user = await requireUser();
      return handler(data, { user });
    });
}

/**
 * An action inside a workspace. The input always carries `workspaceSlug`; the handler gets the
 * resolved workspace and must scope every query by `ctx.workspace.id`.
 */
export function workspaceAction<Shape extends z.ZodRawShape, T>(
  config: { input: z.ZodObject<Shape>; permission: Permission },
  handler: (input: z.output<z.ZodObject<Shape>>, ctx: WorkspaceContext) => Promise<T>,
) {
  const schema = config.input.extend({ workspaceSlug: WorkspaceSlugSchema });
  return async (raw: z.input<typeof schema>): Promise<ActionResult<T>> =>
    settle(async () => {
      const { workspaceSlug, ...data } = schema.parse(raw) as { workspaceSlug: string } & z.output<z.ZodObject<Shape>>;
      const user = await requireUser();
      const ctx = await getWorkspaceContextOrThrow(user, workspaceSlug);
      assertCan(ctx, config.permission);
      return handler(data as z.output<z.ZodObject<Shape>>, ctx);
    });
}
