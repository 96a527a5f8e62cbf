import { APICallError, InvalidResponseDataError, JSONParseError } from "@ai-sdk/provider";
import { RetryError, type LanguageModel } from "ai";

// Retries for model calls. Provider failures that may pass on their own (network errors, 408,
// 409, 429, 5xx: whatever the provider marks `isRetryable`; a 2xx whose body is not a model
// response) and timeouts are retried with exponential backoff and jitter; anything else is thrown
// at once.
//
// generateText/streamText retry on their own too (`maxRetries`, default 2). Pass `maxRetries: 0`
// inside withModelRetry, or the attempts multiply (3 × 3 = 9 calls) and the timeout below would
// cover the SDK's whole retry sequence instead of one call.

/**
 * The provider as people name it, from a model (its `provider` id: "openai.responses",
 * "openai-compatible.chat", "anthropic.messages", "google.generative-ai", "builtin") or a provider
 * name. Never a host: an error message must not show where the server lives.
 */
export function providerLabel(model: LanguageModel | string | undefined): string {
  const id = (typeof model === "string" ? model : typeof model === "object" && model ? model.provider : "").toLowerCase();
  if (id.startsWith("openai-compatible")) return "your OpenAI-compatible server";
  if (id.startsWith("openai")) return "OpenAI";
  if (id.startsWith("anthropic")) return "Anthropic";
  if (id.startsWith("google")) return "Google";
  if (id.startsWith("builtin")) return "the built-in model";
  return "the model provider";
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What went wrong, in words an admin can act on, by HTTP status. */
function failureText(provider: string, status: number | undefined): string {
  const who = capitalized(provider);
  if (status === undefined) return `${who} could not be reached (no response)`;
  if (status === 401 || status === 403) return `${who} refused the credentials (HTTP ${status}): an admin should check the API key (AI_API_KEY or the provider's key variable)`;
  if (status === 404) return `${who} does not know this model or endpoint (HTTP 404): an admin should check AI_MODEL and AI_BASE_URL`;
  if (status === 429) return `${who} is limiting requests (HTTP 429)`;
  if (status >= 500) return `${who} had a server error (HTTP ${status})`;
  if (status < 300) return `${who} answered with something that is not a model response (HTTP ${status})`;
  return `${who} rejected the request (HTTP ${status})`;
}

export class ModelCallError extends Error {
  readonly provider: string;
  readonly statusCode: number | undefined;
  readonly attempts: number;
  /** Whether trying again later may help (transport, 408/409/429, 5xx, timeouts); false for 400/401/403/404… */
  readonly retryable: boolean;

  constructor(message: string, options: { provider: string; statusCode?: number; attempts: number; retryable?: boolean; cause?: unknown }) {
    // The message is safe to show: provider, status and attempts only. The cause (kept for logs)
    // may hold the request body, never an API key: providers send keys in headers, not in errors.
    super(message, { cause: options.cause });
    this.name = "ModelCallError";
    this.provider = options.provider;
    this.statusCode = options.statusCode;
    this.attempts = options.attempts;
    this.retryable = options.retryable ?? true;
  }
}

export class ModelTimeoutError extends ModelCallError {
  readonly timeoutMs: number;

  constructor(options: { provider: string; timeoutMs: number; attempts: number }) {
    super(`${capitalized(options.provider)} did not answer within ${formatMs(options.timeoutMs)}${attemptsText(options.attempts)}.`, { ...options, retryable: true });
    this.name = "ModelTimeoutError";
    this.timeoutMs = options.timeoutMs;
  }
}

/** A model call given up because nothing arrived for `idleMs` (stream-guard.ts); retried like a timeout. */
export class ModelStalledError extends ModelCallError {
  readonly idleMs: number;

  constructor(provider: string, idleMs: number, attempts = 1) {
    super(`The model stopped answering (nothing arrived for ${formatSeconds(idleMs)}${attempts > 1 ? `; ${attempts} attempts` : ""}).`, { provider, attempts, retryable: true });
    this.name = "ModelStalledError";
    this.idleMs = idleMs;
  }
}

export type ModelRetryOptions = {
  /** Extra attempts after the first. */
  retries?: number;
  /** First backoff delay; doubles per attempt, with jitter, capped by maxDelayMs. */
  baseMs?: number;
  maxDelayMs?: number;
  /** Per attempt. The attempt's AbortSignal fires when it passes. */
  timeoutMs?: number;
  /** For messages: the model (its provider id) or a provider name; "the model provider" when absent. Never a host. */
  provider?: LanguageModel | string;
  /** Cancels the whole call (a stopped job): rethrown as is, never retried. */
  signal?: AbortSignal;
};

const formatMs = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`);
const formatSeconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const attemptsText = (n: number) => (n > 1 ? ` (${n} attempts)` : "");

/** The provider error inside what the SDK threw (it wraps errors in RetryError when it retried itself). */
function providerError(e: unknown): APICallError | null {
  if (APICallError.isInstance(e)) return e;
  if (RetryError.isInstance(e) && APICallError.isInstance(e.lastError)) return e.lastError;
  return null;
}

/** The stall inside what the SDK threw (it wraps errors in RetryError when it retried itself). */
function stalledError(e: unknown): ModelStalledError | null {
  if (e instanceof ModelStalledError) return e;
  if (RetryError.isInstance(e) && e.lastError instanceof ModelStalledError) return e.lastError;
  return null;
}

/** Honours Retry-After (seconds) from a 429/503 when it asks for longer than our backoff. */
function retryAfterMs(e: APICallError | null): number {
  const header = e?.responseHeaders?.["retry-after"];
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const TIMED_OUT = Symbol("timed out");

/** One attempt: resolves with fn's value, or TIMED_OUT (even when fn ignores its signal). */
async function attempt<T>(fn: (signal: AbortSignal) => PromiseLike<T>, timeoutMs: number | undefined, outer?: AbortSignal): Promise<T | typeof TIMED_OUT> {
  const controller = new AbortController();
  const forward = () => controller.abort(outer!.reason);
  outer?.addEventListener("abort", forward, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    if (timeoutMs === undefined) return;
    timer = setTimeout(() => {
      resolve(TIMED_OUT);
      controller.abort(new DOMException("The model call timed out", "TimeoutError"));
    }, timeoutMs);
  });
  try {
    return await Promise.race([fn(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

export async function withModelRetry<T>(fn: (signal: AbortSignal) => PromiseLike<T>, options: ModelRetryOptions = {}): Promise<T> {
  const { retries = 2, baseMs = 500, maxDelayMs = 30_000, timeoutMs, signal } = options;
  for (let n = 1; ; n++) {
    let failure: { retryable: boolean; api: APICallError | null; timedOut: boolean; stalled?: ModelStalledError; error: unknown };
    try {
      const result = await attempt(fn, timeoutMs, signal);
      if (result !== TIMED_OUT) return result;
      failure = { retryable: true, api: null, timedOut: true, error: null };
    } catch (error) {
      if (signal?.aborted) throw error;
      // The provider went silent (stream-guard.ts): another attempt may get an answer, like a timeout.
      const stalled = stalledError(error);
      if (stalled) {
        failure = { retryable: true, api: null, timedOut: false, stalled, error };
      } else {
        const api = providerError(error);
        // Not a provider error (a bug, a schema mismatch, NoObjectGeneratedError…): retrying will not help.
        if (!api) throw error;
        // A 2xx whose body is not a model response (an HTML page, a proxy's notice) may pass: retried too.
        const invalidBody = api.statusCode !== undefined && api.statusCode < 300;
        failure = { retryable: api.isRetryable || invalidBody, api, timedOut: false, error };
      }
    }

    const provider = providerLabel(options.provider);
    if (!failure.retryable || n > retries) {
      if (failure.timedOut) throw new ModelTimeoutError({ provider, timeoutMs: timeoutMs!, attempts: n });
      if (failure.stalled) throw new ModelStalledError(failure.stalled.provider, failure.stalled.idleMs, n);
      const status = failure.api?.statusCode;
      throw new ModelCallError(`${failureText(provider, status)}${attemptsText(n)}.`, { provider, statusCode: status, attempts: n, retryable: failure.retryable, cause: failure.error });
    }
    const backoff = Math.min(maxDelayMs, baseMs * 2 ** (n - 1));
    // "Equal jitter": at least half the backoff, so retries from many runs spread out but still wait.
    const delay = Math.max(backoff / 2 + Math.random() * (backoff / 2), Math.min(maxDelayMs, retryAfterMs(failure.api)));
    await sleep(delay, signal);
  }
}

/**
 * A model failure in words a person can act on, naming the provider (never its host): the HTTP
 * status's meaning, a timeout, or an answer that broke off. Null for anything that is not the
 * provider's doing (a bug on our side): the caller says something generic.
 */
export function describeModelError(error: unknown, model?: LanguageModel | string): string | null {
  if (error instanceof ModelCallError) return error.message;
  const who = capitalized(providerLabel(model));
  if (error instanceof Error && (error.name === "TimeoutError" || (error.name === "AbortError" && /time/i.test(String(error.message))))) return `${who} did not answer in time.`;
  const api = providerError(error);
  if (api && /failed to process successful response/i.test(api.message)) return `${who} broke off its answer.`;
  if (api) return `${failureText(providerLabel(model), api.statusCode)}.`;
  if (JSONParseError.isInstance(error) || InvalidResponseDataError.isInstance(error) || (error instanceof TypeError && /terminated|fetch failed/i.test(error.message))) return `${who} sent a broken answer.`;
  // An error event inside a stream (`data: {"error": {…}}`): its text is the provider's, not shown.
  if (!(error instanceof Error) && typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") return `${who} reported an error in the middle of its answer.`;
  return null;
}
