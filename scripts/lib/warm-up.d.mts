// Types of warm-up.mjs (`npm run dev`'s warm-up of the first routes).
export declare const WARM_UP_SESSION_MINUTES: number;
export declare const WARM_UP_ROUTES: { signedOut: string[]; signedIn: string[] };
export type WarmUpResult = { route: string; status: number; ms: number; error?: string };
export declare function warmUp(options: {
  appUrl: string;
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  email: string;
  slug: string;
  log?: (line: string) => void;
  fetchImpl?: (url: string, init: { redirect: "manual"; headers: Record<string, string>; signal: AbortSignal }) => Promise<Response>;
  timeoutMs?: number;
}): Promise<WarmUpResult[]>;
