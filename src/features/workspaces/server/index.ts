// The workspaces slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { ensureFirstWorkspace } from "./ensure-first-workspace";
export { getPageShell, getPageWorkspaceContext, type PageShell } from "./page-context";
export { getInvitationPreview, listMembers, listMyWorkspaces, listPendingInvitations } from "./queries";
export { workspaceAction } from "./workspace-action";
export { workspaceRoute } from "./workspace-route";
