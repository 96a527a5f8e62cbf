import "server-only";
import { parseInput } from "@/server/input";
import { z } from "zod";
import { settle, type ActionResult } from "@/server/action-client";
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
      return handler(data as z.output<z.ZodObject<Shape>>, await requireWorkspaceMember(workspaceSlug, config.permission));
    });
}
