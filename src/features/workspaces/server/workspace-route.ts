import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { env } from "@/env";
import { inputProblem } from "@/lib/input-rules";
import { sameOrigin } from "@/lib/request-body";
import { requestIdOf } from "@/lib/request-id";
import { forbidden, notFound, toErrorBody } from "@/server/errors";
import { parseInput, readJsonBody } from "@/server/input";
import { runWithRequestId } from "@/server/request-context";
import type { Permission } from "../permissions";
import { WorkspaceSlugSchema } from "../schemas";
import { requireWorkspaceMember, type WorkspaceContext } from "./workspace-context";

// The one wrapper of every session-authenticated route handler under /api/workspaces/[slug]/…
// (the browser's own fetches; the REST API with keys has `apiRoute`). Order: path params (404) →
// a cross-site Origin on a write (403: these routes run on the session cookie) → session (401) →
// membership (404, like a workspace that does not exist) → role (403) → JSON body, only now read:
// JSON content type (415), at most `maxBodyBytes` (413, default 64 KB), the input rule and zod
// (400) → the handler, which must scope by ctx.workspace.id. Nobody signed out or outside the
// workspace gets a body parsed. Every failure is `{ error: { code, message, fieldErrors? } }`; a
// handler's plain value is sent as uncached JSON, a Response (e.g. a stream) as it is.

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type WorkspaceRouteContext<P> = WorkspaceContext & { params: P; request: Request };

export function workspaceRoute<P extends z.ZodRawShape, I extends z.ZodType = z.ZodUndefined>(
  config: { params: z.ZodObject<P>; input?: I; permission?: Permission; maxBodyBytes?: number },
  handler: (input: z.output<I>, ctx: WorkspaceRouteContext<z.output<z.ZodObject<P>>>) => Promise<unknown>,
) {
  const paramsSchema = config.params.extend({ slug: WorkspaceSlugSchema });
  const handle = async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const rawParams = await context.params;
      const parsedParams = inputProblem(rawParams) ? null : paramsSchema.safeParse(rawParams);
      if (!parsedParams?.success) throw notFound();
      const { slug, ...params } = parsedParams.data as { slug: string } & z.output<z.ZodObject<P>>;
      if (request.method !== "GET" && request.method !== "HEAD" && !sameOrigin(request, env.APP_URL)) throw forbidden("Cross-site requests are not accepted.");
      const ctx = await requireWorkspaceMember(slug, config.permission);
      let input = undefined as z.output<I>;
      if (config.input) input = parseInput(config.input, await readJsonBody(request, config.maxBodyBytes));
      const result = await handler(input, { ...ctx, params: params as z.output<z.ZodObject<P>>, request });
      return result instanceof Response ? result : NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      const { code, message, fieldErrors, status } = toErrorBody(e);
      return NextResponse.json({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } }, { status });
    }
  };
  // Its log lines carry the request id (src/proxy.ts).
  return (request: Request, context: RouteContext) => runWithRequestId(requestIdOf(request.headers), () => handle(request, context));
}
