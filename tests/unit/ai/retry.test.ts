import { APICallError, JSONParseError } from "@ai-sdk/provider";
import { generateText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { describeModelError, ModelCallError, ModelTimeoutError, providerLabel, withModelRetry } from "@/ai/retry";

const apiError = (statusCode: number, extra: Partial<ConstructorParameters<typeof APICallError>[0]> = {}) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: "https://api.example-provider.test/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    responseBody: '{"error":"bad key sk-live-secret"}',
    isRetryable: statusCode === 429 || statusCode >= 500,
    ...extra,
  });

const fast = { baseMs: 1 };

/** The error a call ends with (fails the test if it succeeds). */
const failureOf = <E = ModelCallError>(p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("expected the call to fail"),
    (e: E) => e,
  );

describe("withModelRetry", () => {
  it("retries a retryable provider error, then succeeds", async () => {
    const fn = vi.fn().mockRejectedValueOnce(apiError(429)).mockRejectedValueOnce(apiError(503)).mockResolvedValue("ok");
    await expect(withModelRetry(fn, fast)).resolves.toBe("ok");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("does not retry a 400 and wraps it with a safe message", async () => {
    const fn = vi.fn().mockRejectedValue(apiError(400));
    const error = await failureOf(withModelRetry(fn, { ...fast, provider: "openai" }));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ provider: "OpenAI", statusCode: 400, attempts: 1, retryable: false });
    expect(error.message).toBe("OpenAI rejected the request (HTTP 400).");
    expect(error.message).not.toContain("sk-live-secret");
    expect(APICallError.isInstance(error.cause)).toBe(true);
  });

  it("gives up after the last retry, never naming the provider's host", async () => {
    const fn = vi.fn().mockRejectedValue(apiError(500));
    const error = await failureOf(withModelRetry(fn, { ...fast, retries: 1 }));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(error.message).toBe("The model provider had a server error (HTTP 500) (2 attempts).");
    expect(error.retryable).toBe(true);
  });

  it.each([
    [401, "openai-compatible.chat", "Your OpenAI-compatible server refused the credentials (HTTP 401): an admin should check the API key (AI_API_KEY or the provider's key variable)."],
    [403, "anthropic.messages", "Anthropic refused the credentials (HTTP 403): an admin should check the API key (AI_API_KEY or the provider's key variable)."],
    [404, "openai.responses", "OpenAI does not know this model or endpoint (HTTP 404): an admin should check AI_MODEL and AI_BASE_URL."],
    [422, "google.generative-ai", "Google rejected the request (HTTP 422)."],
  ])("a %s fails at once, not retried, with what an admin should fix", async (status, provider, message) => {
    const fn = vi.fn().mockRejectedValue(apiError(status));
    const error = await failureOf(withModelRetry(fn, { ...fast, provider }));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ message, retryable: false, statusCode: status });
    expect(error.message).not.toMatch(/example-provider|sk-live/);
  });

  it("retries a 2xx whose body is not a model response (an HTML page)", async () => {
    const fn = vi.fn().mockRejectedValueOnce(apiError(200, { message: "Invalid JSON response", isRetryable: false })).mockResolvedValue("ok");
    await expect(withModelRetry(fn, fast)).resolves.toBe("ok");
    const error = await failureOf(withModelRetry(vi.fn().mockRejectedValue(apiError(200, { isRetryable: false })), { ...fast, retries: 1, provider: "openai" }));
    expect(error).toMatchObject({ message: "OpenAI answered with something that is not a model response (HTTP 200) (2 attempts).", retryable: true });
  });

  it("names the provider from the model it calls", () => {
    expect(providerLabel(new MockLanguageModelV3({ provider: "openai-compatible.chat" }))).toBe("your OpenAI-compatible server");
    expect(providerLabel("builtin")).toBe("the built-in model");
    expect(providerLabel(undefined)).toBe("the model provider");
  });

  it("times out through the AbortSignal with a ModelTimeoutError", async () => {
    const signals: AbortSignal[] = [];
    const hang = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<never>(() => {}); // ignores the signal: the timeout must still win
    };
    const error = await failureOf<ModelTimeoutError>(withModelRetry(hang, { ...fast, retries: 1, timeoutMs: 20, provider: "anthropic" }));
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.message).toBe("Anthropic did not answer within 20 ms (2 attempts).");
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it("rethrows other errors at once, unwrapped", async () => {
    const bug = new TypeError("cannot read x of undefined");
    const fn = vi.fn().mockRejectedValue(bug);
    await expect(withModelRetry(fn, fast)).rejects.toBe(bug);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("stops when the caller's signal aborts, without retrying", async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      controller.abort(new Error("job cancelled"));
      throw apiError(503);
    });
    await expect(withModelRetry(fn, { ...fast, signal: controller.signal })).rejects.toBeInstanceOf(APICallError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("wraps generateText with maxRetries: 0 (one layer of retries)", async () => {
    let calls = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        if (++calls === 1) throw apiError(429);
        return {
          content: [{ type: "text", text: "hello" }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    const result = await withModelRetry((abortSignal) => generateText({ model, prompt: "hi", maxRetries: 0, abortSignal }), fast);
    expect(result.text).toBe("hello");
    expect(calls).toBe(2);
  });
});

describe("describeModelError: what the person reads when a model call fails", () => {
  const compatible = "openai-compatible.chat";
  const apiError = (statusCode: number | undefined, message = "Incorrect API key provided: sk-live-abcdefghijklmnop.") =>
    new APICallError({ message, url: "http://10.0.0.7:11434/v1/chat/completions", requestBodyValues: {}, statusCode, responseBody: message });

  it("says what the status means and who to ask, naming the provider — never its host, nor the key the provider echoed", () => {
    const text = describeModelError(apiError(401), compatible)!;
    expect(text).toBe("Your OpenAI-compatible server refused the credentials (HTTP 401): an admin should check the API key (AI_API_KEY or the provider's key variable).");
    expect(text).not.toMatch(/10\.0\.0\.7|sk-live/);
    expect(describeModelError(apiError(404), "openai.responses")).toMatch(/^OpenAI does not know this model or endpoint \(HTTP 404\)/);
  });

  it("tells a broken stream, a broken-off answer and a timeout apart", () => {
    expect(describeModelError(new JSONParseError({ text: "{oops", cause: new Error("x") }), compatible)).toBe("Your OpenAI-compatible server sent a broken answer.");
    expect(describeModelError(apiError(undefined, "Failed to process successful response"), compatible)).toBe("Your OpenAI-compatible server broke off its answer.");
    expect(describeModelError(new DOMException("The operation timed out.", "TimeoutError"), "anthropic.messages")).toBe("Anthropic did not answer in time.");
    expect(describeModelError({ message: "upstream overloaded", type: "server_error" }, compatible)).toBe("Your OpenAI-compatible server reported an error in the middle of its answer.");
  });

  it("keeps our own message for a failure it already described, and has none for our own bugs", () => {
    expect(describeModelError(new ModelCallError("Google had a server error (HTTP 503) (3 attempts).", { provider: "Google", attempts: 3 }))).toBe("Google had a server error (HTTP 503) (3 attempts).");
    expect(describeModelError(new TypeError("Cannot read properties of undefined (reading 'id')"), compatible)).toBeNull();
  });
});
