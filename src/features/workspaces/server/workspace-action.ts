import "server-only";
import { parseInput } from "@/server/input";
import { z } from "zod";
import { settle, type ActionResult } from "@/server/action-client";
import { errorFields, logger } from "@/server/logger";
import { markWorkspaceChanged } from "@/server/read-cache";
import type { Permission } from "../permissions";
import { WorkspaceSlugSchema } from "../schemas";
import { requireWorkspaceMember, type WorkspaceContext } from "./workspace-context";

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
      const { workspaceSlug, ...data } = parseInput(schema, raw) as { workspaceSlug: string } & z.output<z.ZodObject<Shape>>;
      const ctx = await requireWorkspaceMember(workspaceSlug, config.permission);
      try {
        return await handler(data as z.output<z.ZodObject<Shape>>, ctx);
      } finally {
        // Once a handler ran (done, refused by the domain, or ending in a redirect), the pages'
        // cached figures of this workspace are treated as outdated on every process. A failure here
        // must not turn a done change into an error: the cache's TTL bounds the lag then.
        await markWorkspaceChanged(ctx.workspace.id).catch((e) => logger.warn("could not mark the workspace changed", { workspaceId: ctx.workspace.id, ...errorFields(e) }));
      }
    });
}
