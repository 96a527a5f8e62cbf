// What an API key may do. Independent: `read` does not come with `write` or the other way round.
// Kept free of zod so client components can import it.
export const apiScopes = ["read", "write"] as const;
export type ApiScope = (typeof apiScopes)[number];
