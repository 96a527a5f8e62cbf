import type { WorkspaceContext } from "@/features/workspaces/server/workspace-context";

/**
 * Who is acting, and in which workspace. Services take a Scope rather than a session so the web
 * app (a member) and the REST API (an API key, no user) share one write path.
 */
export type Scope = { workspaceId: string; actorUserId: string | null };

export const scopeOf = (ctx: WorkspaceContext): Scope => ({ workspaceId: ctx.workspace.id, actorUserId: ctx.user.id });
