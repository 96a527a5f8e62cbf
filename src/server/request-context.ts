import { AsyncLocalStorage } from "node:async_hooks";

// The request a piece of server work belongs to, for log lines: its id comes from the
// `x-request-id` header src/proxy.ts sets on every request (a caller's own id when it sent a sane
// one, else a fresh one; also returned as the response's X-Request-Id). Server actions and API
// routes run inside it (action-client.ts, api-route.ts, workspace-route.ts); a workflow's lines
// carry its run id as a field instead.
// Kept on globalThis: Next bundles route handlers, actions and instrumentation separately, and all
// of them must read the same store.

export type RequestContext = { requestId: string };

const g = globalThis as unknown as { agentCoachRequests?: AsyncLocalStorage<RequestContext> };
const storage = (g.agentCoachRequests ??= new AsyncLocalStorage<RequestContext>());

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
