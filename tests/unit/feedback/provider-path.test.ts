import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { describe, expect, it } from "vitest";
import { labelFeedbackTexts } from "@/features/feedback/server/classify-pending";

// The provider path of free-text classification: the real OpenAI-compatible provider code, its
// HTTP answered by a stub fetch (no network). What the model is sent — the taxonomy guide, the
// labeled examples, one tagged line per text — and how its structured answer is read.

function chatCompletion(content: string) {
  return new Response(
    JSON.stringify({
      id: "c1", object: "chat.completion", created: 1, model: "llama3.1",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );
}

function provider(answer: (body: { messages: { role: string; content: string }[] }) => string) {
  const bodies: { messages: { role: string; content: string }[]; response_format?: unknown }[] = [];
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    bodies.push(body);
    return chatCompletion(answer(body));
  }) as typeof globalThis.fetch;
  const model = createOpenAICompatible({ name: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", fetch, supportsStructuredOutputs: true }).chatModel("llama3.1");
  return { model, bodies };
}

describe("free text through a provider", () => {
  it("sends the taxonomy guide with labeled examples and one tagged line per text, and reads the labels by index", async () => {
    const { model, bodies } = provider(() =>
      JSON.stringify({ items: [{ index: 2, sentiment: "positive", category: "communication", confidence: 0.8 }, { index: 1, sentiment: "negative", category: "accuracy", confidence: 0.9 }] }),
    );
    const labels = await labelFeedbackTexts(model, [
      { text: "two hours for a typo fix?", source: "rejection" },
      { text: "Sam sent my reply as drafted\nand thanked me.", source: "observation" },
    ]);
    expect(labels).toEqual([
      { sentiment: "negative", category: "accuracy", confidence: 0.9 },
      { sentiment: "positive", category: "communication", confidence: 0.8 },
    ]);
    const [system, user] = bodies[0].messages;
    expect(system.role).toBe("system");
    expect(system.content).toMatch(/verdict on the AGENT'S WORK, not on the ticket's subject/);
    expect(system.content).toMatch(/the ASPECT of the agent's behaviour/);
    expect(system.content).toContain("[decision reason] this needs a data backfill, triple it → negative, accuracy");
    expect(system.content).toContain('Answer with JSON only, in this shape:\n{"items": [{"index": 1,'); // OpenAI's json modes need the word
    expect(user.content).toContain("1. [decision reason] two hours for a typo fix?\n2. [agent's note] Sam sent my reply as drafted and thanked me.");
    expect(JSON.stringify(bodies[0])).not.toContain('"builtin"'); // the built-in model's data never reaches a provider
  });

  it("a text the answer leaves out has no label; a provider error throws (the job then leaves the batch waiting)", async () => {
    const { model } = provider(() => JSON.stringify({ items: [{ index: 1, sentiment: "neutral", category: "general", confidence: 0.6 }] }));
    expect(await labelFeedbackTexts(model, [{ text: "Deferring until the customer replies." }, { text: "no." }])).toEqual([
      { sentiment: "neutral", category: "general", confidence: 0.6 },
      null,
    ]);
    const failing = createOpenAICompatible({
      name: "openai-compatible", baseURL: "http://127.0.0.1:9/v1",
      fetch: (async () => new Response(JSON.stringify({ error: { message: "overloaded" } }), { status: 400, headers: { "content-type": "application/json" } })) as typeof globalThis.fetch,
    }).chatModel("llama3.1");
    await expect(labelFeedbackTexts(failing, [{ text: "no." }], { retries: 0 })).rejects.toThrow("Your OpenAI-compatible server rejected the request (HTTP 400).");
  });
});
