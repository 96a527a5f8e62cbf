import { APICallError } from "@ai-sdk/provider";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, NoObjectGeneratedError, Output, stepCountIs, streamText, tool, type TextStreamPart, type ToolSet } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createRegistry } from "@/ai/models";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../support/fake-openai";

// The fake OpenAI-compatible server against the real AI SDK provider code: what it sends, and what
// the SDK makes of each good, sloppy and faulty answer.

let server: FakeOpenAI;
const logWarnings = globalThis.AI_SDK_LOG_WARNINGS;
beforeAll(async () => {
  globalThis.AI_SDK_LOG_WARNINGS = false; // json_object without structured outputs warns on every call
  server = await startFakeOpenAI();
});
afterEach(() => server.reset());
afterAll(async () => {
  globalThis.AI_SDK_LOG_WARNINGS = logWarnings;
  await server.close();
});

const provider = (options: { includeUsage?: boolean; supportsStructuredOutputs?: boolean } = {}) =>
  createOpenAICompatible({ name: "fake", baseURL: server.url, apiKey: "sk-test", ...options });
const model = (options?: Parameters<typeof provider>[0]) => provider(options).chatModel("fake-model");

/** The error a promise rejects with (fails the test if it resolves). */
const failureOf = (p: PromiseLike<unknown>) =>
  Promise.resolve(p).then(
    () => expect.unreachable("expected the call to fail"),
    (e: unknown) => e,
  );

/** Every part of a stream, errors included (streamText reports them as parts, not throws). */
async function partsOf<T extends ToolSet>(stream: AsyncIterable<TextStreamPart<T>>) {
  const parts: TextStreamPart<T>[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

const Classification = z.object({ sentiment: z.enum(["positive", "neutral", "negative"]), category: z.string(), confidence: z.number().min(0).max(1) });
const good = { sentiment: "negative", category: "bug", confidence: 0.9 };

const createTask = tool({ description: "Create a task", inputSchema: z.object({ title: z.string(), minutes: z.number() }) });

describe("good answers", () => {
  it("generateText: a text answer with usage; the request carries the model, messages and the API key", async () => {
    server.enqueue(reply.text("Hello there.", { usage: { prompt_tokens: 11, completion_tokens: 3 } }));
    const result = await generateText({ model: model(), system: "Be brief.", prompt: "Say hello" });

    expect(result.text).toBe("Hello there.");
    expect(result.finishReason).toBe("stop");
    expect(result.usage).toMatchObject({ inputTokens: 11, outputTokens: 3, totalTokens: 14 });
    expect(result.response.modelId).toBe("fake-model");

    const [req] = server.requests;
    expect(req).toMatchObject({ method: "POST", path: "/v1/chat/completions", status: 200 });
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.body).toMatchObject({
      model: "fake-model",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Say hello" },
      ],
    });
    expect(req.body).not.toHaveProperty("stream");
    expect(req.body).not.toHaveProperty("response_format");
  });

  it("streamText: text deltas in order, the finish reason, and usage when include_usage was asked for", async () => {
    server.enqueue(reply.text("The quick brown fox jumps.", { chunkChars: 4, usage: { prompt_tokens: 20, completion_tokens: 6 } }));
    const result = streamText({ model: model({ includeUsage: true }), prompt: "Tell me about the fox" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(["The ", "quic", "k br", "own ", "fox ", "jump", "s."]);
    expect(await result.finishReason).toBe("stop");
    expect(await result.usage).toMatchObject({ inputTokens: 20, outputTokens: 6, totalTokens: 26 });
    expect(server.chatRequests()[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("streamText without includeUsage: no stream_options are sent and, like OpenAI, no usage comes back", async () => {
    server.enqueue(reply.text("Hi."));
    const result = streamText({ model: model(), prompt: "Hi" });
    await result.consumeStream();

    expect(await result.text).toBe("Hi.");
    expect(server.chatRequests()[0].body.stream_options).toBeUndefined();
    expect((await result.usage).inputTokens).toBeUndefined();
  });

  it("streamUsage 'always' sends the usage chunk even unasked (as some local servers do)", async () => {
    server.enqueue(reply.text("Hi.", { streamUsage: "always", usage: { prompt_tokens: 5, completion_tokens: 1 } }));
    const result = streamText({ model: model(), prompt: "Hi" });
    await result.consumeStream();
    expect(await result.usage).toMatchObject({ inputTokens: 5, outputTokens: 1 });
  });

  it("generateText: a tool call reaches the SDK parsed, and the tool definitions were sent", async () => {
    server.enqueue(reply.toolCall("createTask", { title: "Fix login", minutes: 30 }, { id: "call_1" }));
    const result = await generateText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1) });

    expect(result.finishReason).toBe("tool-calls");
    expect(result.toolCalls).toMatchObject([{ toolCallId: "call_1", toolName: "createTask", input: { title: "Fix login", minutes: 30 } }]);
    expect(server.chatRequests()[0].body.tools).toEqual([
      {
        type: "function",
        function: { name: "createTask", description: "Create a task", parameters: expect.objectContaining({ type: "object", required: ["title", "minutes"] }) },
      },
    ]);
  });

  it("generateText: several tool calls in one answer", async () => {
    server.enqueue(
      reply.toolCalls([
        { name: "createTask", args: { title: "A", minutes: 15 } },
        { name: "createTask", args: { title: "B", minutes: 45 } },
      ]),
    );
    const result = await generateText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1) });
    expect(result.toolCalls.map((c) => c.input)).toEqual([
      { title: "A", minutes: 15 },
      { title: "B", minutes: 45 },
    ]);
  });

  it("streamText: tool-call arguments streamed in fragments are assembled into the parsed call", async () => {
    server.enqueue(reply.toolCall("createTask", { title: "Write the release notes", minutes: 60 }, { argumentChars: 3 }));
    const result = streamText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1) });
    const parts = await partsOf(result.fullStream);

    expect(parts.filter((p) => p.type === "tool-input-delta").length).toBeGreaterThan(5);
    expect(await result.toolCalls).toMatchObject([{ toolName: "createTask", input: { title: "Write the release notes", minutes: 60 } }]);
    expect(await result.finishReason).toBe("tool-calls");
  });

  it("Output.object with supportsStructuredOutputs sends a json_schema response_format and parses the answer", async () => {
    server.enqueue(reply.json(good));
    const result = await generateText({ model: model({ supportsStructuredOutputs: true }), prompt: "Classify", output: Output.object({ schema: Classification }) });

    expect(result.output).toEqual(good);
    const format = server.chatRequests()[0].body.response_format;
    expect(format).toMatchObject({ type: "json_schema", json_schema: { name: "response", strict: true, schema: expect.objectContaining({ type: "object" }) } });
  });

  it("Output.object without supportsStructuredOutputs (the provider's default) sends json_object and warns", async () => {
    server.enqueue(reply.json(good));
    const result = await generateText({ model: model(), prompt: "Classify", output: Output.object({ schema: Classification }) });

    expect(result.output).toEqual(good);
    expect(server.chatRequests()[0].body.response_format).toEqual({ type: "json_object" });
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: "unsupported", feature: "responseFormat" }));
  });

  it("reply.auto answers a json_schema request with an object the schema accepts (the default when nothing is scripted)", async () => {
    const result = await generateText({ model: model({ supportsStructuredOutputs: true }), prompt: "Classify", output: Output.object({ schema: Classification }) });
    expect(Classification.parse(result.output)).toEqual({ sentiment: "positive", category: "sample", confidence: 0 });

    server.enqueue(reply.auto({ category: "praise" }));
    const again = await generateText({ model: model({ supportsStructuredOutputs: true }), prompt: "Classify", output: Output.object({ schema: Classification }) });
    expect(again.output).toMatchObject({ category: "praise" });
  });

  it("script() decides per request: a stream for streamed calls, JSON otherwise", async () => {
    server.script((req) => (req.stream ? reply.text("streamed") : reply.json({ ok: true })));
    const streamed = streamText({ model: model(), prompt: "a" });
    expect(await streamed.text).toBe("streamed");
    const plain = await generateText({ model: model(), prompt: "b" });
    expect(JSON.parse(plain.text)).toEqual({ ok: true });
    expect(server.chatRequests().map((r) => r.body.stream ?? false)).toEqual([true, false]);
  });

  it("reasoning_content arrives as reasoning", async () => {
    server.enqueue(reply.text("42", { reasoning: "Six times seven." }));
    const result = await generateText({ model: model(), prompt: "?" });
    expect(result.reasoningText).toBe("Six times seven.");
    expect(result.text).toBe("42");
  });

  it("the product's registry (AI_PROVIDER=openai-compatible) reaches the fake with the configured key and model", async () => {
    const registry = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: "sk-product", AI_MODEL: "qwen2.5:7b" });
    server.enqueue(reply.json(good));
    const result = await generateText({ model: registry.getModel("classifier"), prompt: "Classify", output: Output.object({ schema: Classification }), maxRetries: 0 });

    expect(result.output).toEqual(good);
    const [req] = server.chatRequests();
    expect(req.headers.authorization).toBe("Bearer sk-product");
    expect(req.body).toMatchObject({ model: "qwen2.5:7b", response_format: { type: "json_object" } });
    // json_object carries no schema, and the SDK does not add it to the prompt: the model sees only the prompt's words.
    expect(JSON.stringify(req.body)).not.toContain("confidence");
  });

  it("the product's registry asks streamed answers for their usage, and sends the schema when AI_STRUCTURED_OUTPUTS is set", async () => {
    const registry = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_MODEL: "qwen2.5:7b" });
    server.enqueue(reply.text("Hello there."));
    const stream = streamText({ model: registry.getModel("improver"), prompt: "Hi" });
    expect(await stream.text).toBe("Hello there.");
    expect((await stream.usage).outputTokens).toBeGreaterThan(0);
    expect(server.chatRequests().at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    const structured = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_MODEL: "qwen2.5:7b", AI_STRUCTURED_OUTPUTS: true });
    server.enqueue(reply.json(good));
    await generateText({ model: structured.getModel("classifier"), prompt: "Classify", output: Output.object({ schema: Classification }), maxRetries: 0 });
    expect(server.chatRequests().at(-1)!.body).toMatchObject({ response_format: { type: "json_schema", json_schema: { schema: expect.objectContaining({ type: "object" }) } } });
  });

  it("GET /v1/models lists the models; unknown paths get an OpenAI-style 404", async () => {
    const list = await fetch(`${server.url}/models`).then((r) => r.json());
    expect(list).toEqual({ object: "list", data: [expect.objectContaining({ id: "fake-model", object: "model" })] });

    const missing = await fetch(`${server.url}/embeddings`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "unknown_url" } });
  });

  it("a body that is not JSON gets a 400 with an OpenAI-style error", async () => {
    const res = await fetch(`${server.url}/chat/completions`, { method: "POST", body: "{not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    expect(server.requests[0]).toMatchObject({ rawBody: "{not json", body: undefined, status: 400 });
  });
});

describe("sloppy answers (a weak local model)", () => {
  const classify = () => generateText({ model: model(), prompt: "Classify", output: Output.object({ schema: Classification }), maxRetries: 0 });

  it.each([
    ["JSON in a ```json fence", reply.sloppy.fenced(good), "could not parse the response"],
    ["JSON with prose around it", reply.sloppy.withProse(good), "could not parse the response"],
    ["JSON of the wrong shape", reply.sloppy.wrongShape(), "response did not match schema"],
    ["JSON missing a field", reply.sloppy.missing(good, ["confidence"]), "response did not match schema"],
    ["an empty message", reply.sloppy.empty(), "could not parse the response"],
    ["JSON cut off at max_tokens", reply.sloppy.truncated(good), "could not parse the response"],
  ])("%s: Output.object throws NoObjectGeneratedError", async (_, answer, message) => {
    server.enqueue(answer);
    const error = await failureOf(classify());
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect((error as NoObjectGeneratedError).message).toContain(message);
  });

  it("the sloppy text reaches the SDK verbatim (a caller can repair it)", async () => {
    server.enqueue(reply.sloppy.fenced(good));
    const error = (await failureOf(classify())) as NoObjectGeneratedError;
    expect(error.text).toBe("```json\n" + JSON.stringify(good, null, 2) + "\n```");
    expect(error.finishReason).toBe("stop");
  });

  it("a truncated answer reports finish reason length", async () => {
    server.enqueue(reply.sloppy.truncated(good));
    const error = (await failureOf(classify())) as NoObjectGeneratedError;
    expect(error.finishReason).toBe("length");
  });

  it("tool-call arguments that are not JSON become an invalid tool call (a tool-error), not a throw", async () => {
    server.enqueue(reply.sloppy.badToolArgs("createTask"));
    const result = await generateText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1), maxRetries: 0 });

    expect(result.toolCalls).toMatchObject([{ toolName: "createTask", invalid: true, input: '{"title": "Unfinished' }]);
    expect(result.content).toContainEqual(expect.objectContaining({ type: "tool-error", toolName: "createTask" }));
  });

  it("the same, streamed", async () => {
    server.enqueue(reply.sloppy.badToolArgs("createTask"));
    const result = streamText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1), maxRetries: 0 });
    const parts = await partsOf(result.fullStream);
    expect(parts).toContainEqual(expect.objectContaining({ type: "tool-error", toolName: "createTask" }));
  });

  it("text instead of a tool call: no tool calls, finish reason stop", async () => {
    server.enqueue(reply.sloppy.textInsteadOfTool());
    const result = await generateText({ model: model(), prompt: "Plan", tools: { createTask }, stopWhen: stepCountIs(1), maxRetries: 0 });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe("I would now call the tool to do this.");
    expect(result.finishReason).toBe("stop");
  });
});

describe("faulty answers", () => {
  const ask = (options: { maxRetries?: number; abortSignal?: AbortSignal } = {}) => generateText({ model: model(), prompt: "Hi", maxRetries: 0, ...options });

  it("429 surfaces as an APICallError with the status and Retry-After in responseHeaders", async () => {
    server.enqueue(reply.rateLimited(2));
    const error = await failureOf(ask());

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 429, isRetryable: true, responseHeaders: expect.objectContaining({ "retry-after": "2" }) });
    expect((error as APICallError).message).toContain("Rate limit reached for fake-model");
  });

  it("the SDK's own retry honours Retry-After and then gets the answer", async () => {
    server.enqueue(reply.rateLimited(0), reply.text("after the wait"));
    const result = await ask({ maxRetries: 1 });
    expect(result.text).toBe("after the wait");
    expect(server.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it.each([
    [500, true, "The server had an error"],
    [503, true, "overloaded"],
    [400, false, "Invalid request."],
    [403, false, "not supported"],
    [404, false, "The model `fake-model` does not exist"],
  ])("HTTP %i: APICallError, retryable %s, the body's message", async (status, retryable, message) => {
    server.enqueue(reply.error(status));
    const error = await failureOf(ask());
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: status, isRetryable: retryable, data: { error: expect.objectContaining({ message: expect.any(String) }) } });
    expect((error as APICallError).message).toContain(message);
  });

  it("401 echoes the API key in the message and the raw body (so redaction can be tested)", async () => {
    server.enqueue(reply.unauthorized());
    const error = (await failureOf(ask())) as APICallError;
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain("sk-test");
    expect(error.responseBody).toContain("sk-test");
  });

  it("an HTML page with status 200: a non-streamed call throws 'Invalid JSON response'", async () => {
    server.enqueue(reply.html());
    const error = (await failureOf(ask())) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: "Invalid JSON response", statusCode: 200, isRetryable: false });
    expect(error.responseBody).toContain("<html>");
  });

  it("an HTML page with status 200 to a streamed call: no events, so an error part (no finish reason)", async () => {
    server.enqueue(reply.html());
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, onError: () => {} });
    const parts = await partsOf(result.fullStream);
    const errors = parts.filter((p) => p.type === "error");
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { error: Error }).error.message)).toContain("ended without a finish reason");
    expect(await result.text).toBe("");
    expect(await result.finishReason).toBe("error");
  });

  it("a malformed SSE line mid-stream: an error part, then the stream goes on and finishes 'stop'", async () => {
    server.enqueue(reply.broken("one two three four", "malformed", { after: 2 }));
    const onError = vi.fn();
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, onError });
    const parts = await partsOf(result.fullStream);

    const errors = parts.filter((p) => p.type === "error");
    expect(errors).toHaveLength(1);
    expect((errors[0] as { error: Error }).error.name).toBe("AI_JSONParseError");
    expect(onError).toHaveBeenCalledTimes(1);
    // A caller that only awaits the text and finish reason never notices.
    expect(await result.text).toBe("one two three four");
    expect(await result.finishReason).toBe("stop");
  });

  it("a stream that ends before its finish reason and [DONE]: an error part, the text so far", async () => {
    server.enqueue(reply.broken("one two three four", "end", { after: 2 }));
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, onError: () => {} });
    const parts = await partsOf(result.fullStream);

    expect(parts.filter((p) => p.type === "error")).toHaveLength(1);
    // `text` resolves (with what came) rather than rejecting; the finish reason says "error".
    expect(await result.text).toBe("one t");
    expect(await result.finishReason).toBe("error");
  });

  it("a connection reset mid-stream: the stream itself throws a retryable APICallError (no error part)", async () => {
    server.enqueue(reply.broken("one two three four", "reset", { after: 2 }));
    const onError = vi.fn();
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, onError });
    const seen: TextStreamPart<ToolSet>[] = [];
    const error = await failureOf(
      (async () => {
        for await (const part of result.fullStream) seen.push(part);
      })(),
    );

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: "Failed to process successful response", statusCode: 200, isRetryable: true });
    expect(seen.filter((p) => p.type === "error")).toEqual([]);
    expect(seen.filter((p) => p.type === "text-delta").map((p) => (p as { text: string }).text)).toEqual(["one t"]);
    expect(onError).not.toHaveBeenCalled();
    await expect(result.text).rejects.toThrow("Failed to process successful response");
  });

  it("an in-band error event mid-stream: an error part carrying the error body", async () => {
    server.enqueue(reply.broken("one two three four", "error-event", { after: 2 }));
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, onError: () => {} });
    const parts = await partsOf(result.fullStream);
    expect(parts.filter((p) => p.type === "error")).toEqual([{ type: "error", error: expect.objectContaining({ message: expect.stringContaining("server had an error") }) }]);
    expect(await result.finishReason).toBe("error");
  });

  it.each([
    ["end", "Invalid JSON response", false],
    ["malformed", "Invalid JSON response", false],
    ["reset", "Failed to process successful response", true],
  ] as const)("a non-streamed body broken by %s: APICallError %j (retryable %s)", async (fault, message, retryable) => {
    server.enqueue(reply.broken(reply.json(good), fault));
    const error = await failureOf(ask());
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message, statusCode: 200, isRetryable: retryable });
  });

  it("a stall is ended by the caller's AbortSignal; the fake records the abort", async () => {
    server.enqueue(reply.stall());
    const controller = new AbortController();
    const call = failureOf(ask({ abortSignal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();

    expect(await call).toMatchObject({ name: "AbortError" });
    await vi.waitFor(() => expect(server.requests[0].aborted).toBe(true));
    expect(server.requests[0].status).toBeUndefined();
  });

  it("a stall mid-stream is ended by the caller's AbortSignal", async () => {
    server.enqueue(reply.broken("one two three four", "stall", { after: 3 }));
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, abortSignal: controller.signal, onError: () => {} });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        seen.push(part.text);
        if (seen.length === 2) controller.abort();
      }
    }
    expect(seen).toEqual(["one t", "wo th"]);
    await vi.waitFor(() => expect(server.requests[0].aborted).toBe(true));
  });

  it("a short stall, then the answer", async () => {
    server.enqueue(reply.stall({ ms: 5, then: reply.text("late") }));
    expect((await ask()).text).toBe("late");
  });

  it("close() ends a stall nobody aborts: the caller gets a retryable network error, the process is not held", async () => {
    const own = await startFakeOpenAI();
    own.enqueue(reply.stall());
    const call = failureOf(generateText({ model: createOpenAICompatible({ name: "fake", baseURL: own.url }).chatModel("m"), prompt: "Hi", maxRetries: 0 }));
    await own.waitForRequests(1);
    await own.close();

    const error = await call;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true });
    expect(own.requests[0].aborted).toBe(false);
  });

  it("a huge answer arrives whole, streamed or not", async () => {
    server.enqueue(reply.huge(200_000), reply.huge(200_000));
    expect((await ask()).text).toHaveLength(200_000);
    const streamed = streamText({ model: model(), prompt: "Hi", maxRetries: 0 });
    expect(await streamed.text).toHaveLength(200_000);
  });
});
