import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { badRequest, notFound, toErrorBody } from "@/server/errors";
import type { Permission } from "../permissions";
import { WorkspaceSlugSchema } from "../schemas";
import { requireWorkspaceMember, type WorkspaceContext } from "./workspace-context";

// The one wrapper of every session-authenticated route handler under /api/workspaces/[slug]/…
// (the browser's own fetches; the REST API with keys has `apiRoute`). Order as in server actions:
// path params (404) → JSON body (400) → zod (400) → session (401) → membership (404, like a
// workspace that does not exist) → role (403) → the handler, which must scope by ctx.workspace.id.
// Every failure is `{ error: { code, message, fieldErrors? } }`; a handler's plain value is sent as
// uncached JSON, a Response (e.g. a stream) as it is.

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type WorkspaceRouteContext<P> = WorkspaceContext & { params: P; request: Request };

export function workspaceRoute<P extends z.ZodRawShape, I extends z.ZodType = z.ZodUndefined>(
  config: { params: z.ZodObject<P>; input?: I; permission?: Permission },
  handler: (input: z.output<I>, ctx: WorkspaceRouteContext<z.output<z.ZodObject<P>>>) => Promise<unknown>,
) {
  const paramsSchema = config.params.extend({ slug: WorkspaceSlugSchema });
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const parsedParams = paramsSchema.safeParse(await context.params);
      if (!parsedParams.success) throw notFound();
      const { slug, ...params } = parsedParams.data as { slug: string } & z.output<z.ZodObject<P>>;
      let input = undefined as z.output<I>;
      if (config.input) {
        const json = await request.json().catch(() => {
          throw badRequest("The request body must be JSON.");
        });
        input = config.input.parse(json);
      }
      const ctx = await requireWorkspaceMember(slug, config.permission);
      const result = await handler(input, { ...ctx, params: params as z.output<z.ZodObject<P>>, request });
      return result instanceof Response ? result : NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      const { code, message, fieldErrors, status } = toErrorBody(e);
      return NextResponse.json({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } }, { status });
    }
  };
}
