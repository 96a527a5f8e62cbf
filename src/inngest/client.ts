import { Inngest, Middleware, type SendEventBaseOutput } from "inngest";
import { env } from "@/env";

// The Inngest client every function is created with. Two drivers run those functions: an Inngest
// server (when configured) through /api/inngest, or the local executor (src/inngest/local) in this
// process. Sending an event goes to whichever is active: with Inngest, the SDK's own send; locally,
// the middleware below hands the events to the local sender (the outbox + the executor) instead of
// the network — so `step.sendEvent` works the same on both drivers.

export const inngestEnabled = Boolean(env.INNGEST_DEV || env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY);

const REQUEST_TIMEOUT_MS = 10_000;

// A host that accepts the connection but never answers makes send() hang for ever: every request
// the SDK makes gets a deadline.
const fetchWithTimeout: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
};

export type LocalSender = (events: { name: string; data: unknown; id?: string }[]) => Promise<SendEventBaseOutput>;

const globalForSend = globalThis as unknown as { agentCoachLocalSender?: LocalSender };

/** Where sends go without an Inngest server (set by src/inngest/send.ts's module, once per process). */
export function setLocalSender(sender: LocalSender) {
  globalForSend.agentCoachLocalSender = sender;
}

class LocalSendMiddleware extends Middleware.BaseMiddleware {
  readonly id = "agent-coach-local-send";

  async wrapSendEvent({ events, next }: Middleware.WrapSendEventArgs): Promise<SendEventBaseOutput> {
    if (inngestEnabled) return next();
    const sender = globalForSend.agentCoachLocalSender;
    if (!sender) throw new Error("No Inngest server is configured and no local sender is installed.");
    return sender(events.map((e) => ({ name: e.name, data: e.data, id: e.id })));
  }
}

/**
 * Checkpointing, set rather than left to the SDK's default: after every step (`bufferedSteps: 1`)
 * the result reaches Inngest before the next step starts — a process that dies loses at most the
 * step it was running, as with the local executor, which saves each step before the next — and one
 * request to /api/inngest runs steps for at most 50 s before handing the run back to Inngest, below
 * the 60 s a proxy or load balancer commonly allows. The local executor drives its runs in the
 * SDK's async mode, where this does not apply.
 */
export const CHECKPOINTING = { bufferedSteps: 1, maxRuntime: "50s" } as const;

/** The client's options from the environment (exported so tests can check them). */
export function inngestClientOptions(e: Pick<typeof env, "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY" | "INNGEST_BASE_URL">, enabled: boolean) {
  return {
    id: "agent-coach",
    // Without a server the SDK would refuse to send before any middleware runs (no event key in
    // cloud mode); the local middleware takes every send, so a placeholder key is never used.
    eventKey: enabled ? e.INNGEST_EVENT_KEY : "local-executor",
    signingKey: e.INNGEST_SIGNING_KEY,
    // A self-hosted server; unset, the SDK talks to Inngest Cloud (or to the dev server with INNGEST_DEV).
    baseUrl: e.INNGEST_BASE_URL,
    checkpointing: CHECKPOINTING,
    fetch: fetchWithTimeout,
    middleware: [LocalSendMiddleware],
  };
}

// INNGEST_DEV (flag or URL) is read by the SDK itself; the keys and the base URL are passed so
// that env.ts's "empty string = unset" holds for them too.
export const inngest = new Inngest(inngestClientOptions(env, inngestEnabled));
