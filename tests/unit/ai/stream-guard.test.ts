import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "@/ai/models";
import { describeModelError, ModelStalledError, withModelRetry } from "@/ai/retry";
import { withSettledStreams } from "@/ai/stream-guard";
import { reply, startFakeOpenAI, type FakeOpenAI } from "../../support/fake-openai";

// A provider that stops sending in the middle of an answer (the real provider code against the
// fake): the guard gives up after its idle time, ends the answer like any other stream error with
// a plain message, keeps what arrived, and aborts the request.

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const model = () => createOpenAICompatible({ name: "fake", baseURL: server.url, apiKey: "sk-test" }).chatModel("fake-model");

async function run(idleMs: number) {
  const guarded = withSettledStreams(model(), { idleMs });
  const errors: unknown[] = [];
  let text = "";
  let finishReason: string | undefined;
  const result = streamText({ model: guarded, prompt: "Hello", onError: ({ error }) => void errors.push(error) });
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") text += part.text;
    if (part.type === "error") errors.push(part.error);
    if (part.type === "finish") finishReason = part.finishReason;
  }
  return { guarded, errors, text, finishReason };
}

describe("a stalled model", () => {
  it("stops waiting after the idle time in the middle of an answer, keeps what arrived, says so plainly and aborts the request", async () => {
    server.enqueue(reply.broken(reply.text("The first half of the answer. The second half."), "stall", { after: 2 }));
    // 1.5 s: the first chunks must arrive within it on a loaded machine (0.3 s missed at load 14).
    const { guarded, errors, text, finishReason } = await run(1_500);
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain("The second half.");
    expect(finishReason).toBe("error");
    expect(errors.length).toBeGreaterThan(0);
    expect(describeModelError(errors[0], guarded)).toMatch(/^The model stopped answering/);
    await expect.poll(() => server.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it("stops waiting for an answer that never begins", async () => {
    server.enqueue(reply.stall());
    const { errors, text, finishReason } = await run(300);
    expect(text).toBe("");
    expect(finishReason).toBe("error");
    expect(describeModelError(errors[0])).toMatch(/^The model stopped answering/);
  });

  it("gives up a call that is not streamed, too, and aborts it", async () => {
    server.enqueue(reply.stall());
    const guarded = withSettledStreams(model(), { idleMs: 300 });
    const error = await generateText({ model: guarded, prompt: "Hello", maxRetries: 0 }).then(
      () => expect.unreachable("expected the call to fail"),
      (e: unknown) => e,
    );
    expect(describeModelError(error, guarded)).toMatch(/^The model stopped answering/);
    await expect.poll(() => server.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it("leaves an answer that keeps coming alone", async () => {
    server.enqueue(reply.text("A whole answer.", { chunkChars: 3 }));
    const { errors, text, finishReason } = await run(1_500);
    expect(errors).toEqual([]);
    expect(text).toBe("A whole answer.");
    expect(finishReason).toBe("stop");
  });
});

// Every model the registry hands out (task agent, evaluator, refiner, classifier, improver) has the
// idle limit, from AI_IDLE_TIMEOUT_SECONDS — not only the one-on-one chat.
describe("every hosted model from the registry", () => {
  const registryModel = (role: "task" | "evaluator" | "improver", idleSeconds: number) =>
    createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model", AI_IDLE_TIMEOUT_SECONDS: idleSeconds }).getModel(role);

  it("gives up a streamed answer that stalls in the middle, keeping what arrived", async () => {
    server.enqueue(reply.broken(reply.text("The first half of the answer. The second half."), "stall", { after: 2 }));
    // 1 s: the first chunks must arrive in time on a loaded machine.
    const result = streamText({ model: registryModel("improver", 1), prompt: "Hello", onError: () => {} });
    let text = "";
    const errors: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") text += part.text;
      if (part.type === "error") errors.push(part.error);
    }
    expect(text.length).toBeGreaterThan(0);
    expect(describeModelError(errors[0])).toBe("The model stopped answering (nothing arrived for 1 s).");
    await expect.poll(() => server.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it("aborts a non-streamed call that never answers, and withModelRetry tries again before giving up with the same words", async () => {
    server.script(() => reply.stall());
    const model = registryModel("task", 0.3);
    const started = Date.now();
    const error = await withModelRetry((abortSignal) => generateText({ model, prompt: "Hello", maxRetries: 0, abortSignal }), { retries: 1, baseMs: 10, timeoutMs: 60_000, provider: model }).then(
      () => expect.unreachable("expected the call to fail"),
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(ModelStalledError);
    expect(error).toMatchObject({ retryable: true, attempts: 2, message: "The model stopped answering (nothing arrived for 0.3 s; 2 attempts)." });
    expect(server.chatRequests()).toHaveLength(2);
    await expect.poll(() => server.chatRequests().every((r) => r.aborted)).toBe(true);
  });
});
