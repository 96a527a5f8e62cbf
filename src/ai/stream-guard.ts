import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";

// A provider's stream can fail in two ways. A bad chunk (a malformed SSE line, an error event) is
// reported as an `error` part and the stream goes on; but a body that breaks while it is read (a
// connection reset, a proxy that hangs up) makes the stream itself throw, which streamText passes
// on as a broken response: the person gets a network error instead of a message, and nothing is
// stored. The guard turns the second kind into the first: an `error` part, then a finish with
// reason "error", so every failure ends a turn the same way (stored, settled, shown).

const UNKNOWN_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** `stream`, whose read errors become an error part and an "error" finish instead of a thrown read. */
export function settleStreamErrors(stream: ReadableStream<LanguageModelV3StreamPart>): ReadableStream<LanguageModelV3StreamPart> {
  const reader = stream.getReader();
  let finished = false;
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
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

/** The model, its streams guarded (settleStreamErrors). Models that are not V3 objects are returned as they are. */
export function withSettledStreams(model: LanguageModel): LanguageModel {
  if (typeof model !== "object" || model.specificationVersion !== "v3") return model;
  return wrapLanguageModel({
    model: model as LanguageModelV3,
    middleware: {
      specificationVersion: "v3",
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        return { ...result, stream: settleStreamErrors(result.stream) };
      },
    },
  });
}
