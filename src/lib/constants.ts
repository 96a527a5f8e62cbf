/** Remembers the last opened workspace (set by proxy.ts) so "/" reopens it. */
export const LAST_WORKSPACE_COOKIE = "ac_last_workspace";
/** Auth.js database-session cookie names (plain and __Secure- on https). */
export const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;
