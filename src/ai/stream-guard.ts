import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";
import { modelIdleTimeoutMs, notStreamedAnswerMs } from "./limits";
import { ModelStalledError, providerLabel } from "./retry";

// A provider's stream can fail in two ways. A bad chunk (a malformed SSE line, an error event) is
// reported as an `error` part and the stream goes on; but a body that breaks while it is read (a
// connection reset, a proxy that hangs up) makes the stream itself throw, which streamText passes
// on as a broken response: the person gets a network error instead of a message, and nothing is
// stored. The guard turns the second kind into the first: an `error` part, then a finish with
// reason "error", so every failure ends a turn the same way (stored, settled, shown).
// A provider that stops sending (no response, or silence in the middle of an answer) is a third
// kind: after `idleMs` without a byte the request is aborted and the answer ends the same way, with
// a ModelStalledError ("The model stopped answering …", retry.ts), what arrived kept. A call that
// is not streamed rejects with it (withModelRetry tries again, like a timeout).
// The registry (models.ts) guards every hosted model, so every call has the idle limit.

export { ModelStalledError };

/** Models this module returned: guarding one again with the default would only add a second timer. */
const guardedModels = new WeakSet<object>();

const UNKNOWN_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** Rejects with `error` after `ms` unless `promise` settles first; then `then(error)` (which may settle `promise`, too late). */
function withinIdle<T>(promise: PromiseLike<T>, ms: number | undefined, error: () => Error, then?: (error: Error) => void): Promise<T> {
  if (!ms) return Promise.resolve(promise);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = error();
      reject(e);
      then?.(e);
    }, ms);
  });
  return Promise.race([promise, idle]).finally(() => clearTimeout(timer));
}

/**
 * `stream`, whose read errors become an error part and an "error" finish instead of a thrown read;
 * with `idle`, a read that brings nothing for `idle.ms` ends it the same way (`idle.onStall` aborts
 * the request).
 */
export function settleStreamErrors(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  idle?: { ms: number; provider: string; onStall?: (error: Error) => void },
): ReadableStream<LanguageModelV3StreamPart> {
  const reader = stream.getReader();
  let finished = false;
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await withinIdle(
          reader.read(),
          idle?.ms,
          () => new ModelStalledError(idle!.provider, idle!.ms),
          (stalled) => {
            idle?.onStall?.(stalled);
            void reader.cancel(stalled).catch(() => undefined);
          },
        );
        if (done) return controller.close();
        if (value.type === "finish") finished = true;
        controller.enqueue(value);
      } catch (error) {
        controller.enqueue({ type: "error", error });
        if (!finished) controller.enqueue({ type: "finish", finishReason: { unified: "error", raw: undefined }, usage: UNKNOWN_USAGE });
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The model, its streams guarded (settleStreamErrors) and every call (streamed or not) given up
 * after `idleMs` (default: AI_IDLE_TIMEOUT_SECONDS, else MODEL_IDLE_TIMEOUT_MS) without a response
 * or, streamed, without a chunk: the request is aborted and the call ends with a ModelStalledError.
 * Models that are not V3 objects, and models already guarded when no `idleMs` is given, are
 * returned as they are (an explicit `idleMs` guards again: the tighter limit wins).
 */
export function withSettledStreams(model: LanguageModel, options: { idleMs?: number; answerMs?: number } = {}): LanguageModel {
  if (typeof model !== "object" || model.specificationVersion !== "v3" || (guardedModels.has(model) && options.idleMs === undefined)) return model;
  const idleMs = options.idleMs ?? modelIdleTimeoutMs();
  // A call that is not streamed: its answer arrives whole (limits.ts notStreamedAnswerMs).
  const answerMs = options.answerMs ?? (options.idleMs !== undefined ? options.idleMs : notStreamedAnswerMs());
  const v3 = model as LanguageModelV3;
  /** The call's params with an abort of its own besides the caller's. */
  const abortable = <P extends { abortSignal?: AbortSignal }>(params: P) => {
    const stall = new AbortController();
    return { stall, params: { ...params, abortSignal: params.abortSignal ? AbortSignal.any([params.abortSignal, stall.signal]) : stall.signal } };
  };
  // The provider as people name it, like every other ModelCallError (never a host).
  const provider = providerLabel(v3);
  const stalled = () => new ModelStalledError(provider, idleMs);
  const unanswered = () => new ModelStalledError(provider, answerMs);
  const wrapped = wrapLanguageModel({
    model: v3,
    middleware: {
      specificationVersion: "v3",
      wrapGenerate: async ({ params, model: inner }) => {
        const { stall, params: guarded } = abortable(params);
        return withinIdle(inner.doGenerate(guarded), answerMs, unanswered, (error) => stall.abort(error));
      },
      wrapStream: async ({ params, model: inner }) => {
        const { stall, params: guarded } = abortable(params);
        try {
          const result = await withinIdle(inner.doStream(guarded), idleMs, stalled, (error) => stall.abort(error));
          return { ...result, stream: settleStreamErrors(result.stream, { ms: idleMs, provider, onStall: (error) => stall.abort(error) }) };
        } catch (error) {
          // No response at all: the same ending as a stream that breaks (an error part, an "error" finish).
          if (!(error instanceof ModelStalledError)) throw error;
          const stream = new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              controller.enqueue({ type: "error", error });
              controller.enqueue({ type: "finish", finishReason: { unified: "error", raw: undefined }, usage: UNKNOWN_USAGE });
              controller.close();
            },
          });
          return { stream };
        }
      },
    },
  });
  guardedModels.add(wrapped);
  return wrapped;
}
