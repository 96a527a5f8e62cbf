/**
 * Who is acting, and in which workspace. Services take a Scope rather than a session so the web
 * app (a member) and the REST API (an API key, no user) share one write path.
 */
export type Scope = { workspaceId: string; actorUserId: string | null };

/** The Scope of a signed-in member acting in a workspace (any workspace context has these two ids). */
export const scopeOf = (ctx: { workspace: { id: string }; user: { id: string } }): Scope => ({ workspaceId: ctx.workspace.id, actorUserId: ctx.user.id });
