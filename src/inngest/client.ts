import { Inngest, NonRetriableError, RetryAfterError } from "inngest";
import { env } from "@/env";
import type { JobDefinition, JobStep } from "./definition";

// The Inngest driver: the client, whether it is configured, and the adapter that turns a job
// definition into an Inngest function. Without configuration the embedded runner is the engine
// and this client is never asked to send (its send() would throw, FINDINGS §5).

export const inngestEnabled = Boolean(env.INNGEST_DEV || env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY);

const REQUEST_TIMEOUT_MS = 10_000;

// A host that accepts the connection but never answers makes send() hang for ever (FINDINGS §5):
// every request the SDK makes gets a deadline.
const fetchWithTimeout: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
};

// INNGEST_DEV (flag or URL) is read by the SDK itself; the keys are passed so that env.ts's
// "empty string = unset" holds for them too.
export const inngest = new Inngest({
  id: "agent-coach",
  eventKey: env.INNGEST_EVENT_KEY,
  signingKey: env.INNGEST_SIGNING_KEY,
  fetch: fetchWithTimeout,
});

type Retries = NonNullable<Parameters<typeof inngest.createFunction>[0]["retries"]>;

export function toInngestFunction<TData extends Record<string, unknown>>(definition: JobDefinition<TData>) {
  const { maxAttempts, backoffMs } = definition.retry;
  return inngest.createFunction(
    { id: definition.id, triggers: [definition.event], retries: (maxAttempts - 1) as Retries, ...definition.inngest },
    async ({ event, step, attempt }) => {
      const current = attempt + 1; // Inngest counts from 0
      return definition.handler(event.data as TData, { attempt: current, maxAttempts, step: withBackoff(step, backoffMs(current)) });
    },
  );
}

/**
 * `step.run` whose failures retry after `delayMs`: Inngest would otherwise pick its own retry
 * delays, and the definition's backoff is the contract. Also used by functions written for
 * Inngest directly (functions/improver-ritual.ts).
 */
export function withBackoff(step: { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown> }, delayMs: number): JobStep {
  return { run: <T>(id: string, fn: () => Promise<T>) => step.run(id, () => withRetryDelay(fn, delayMs)) as Promise<T> };
}

async function withRetryDelay<T>(fn: () => Promise<T>, delayMs: number): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof NonRetriableError || e instanceof RetryAfterError) throw e;
    throw new RetryAfterError(e instanceof Error ? e.message : String(e), delayMs, { cause: e });
  }
}
