import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executePrompt, type TaskContext } from "@/ai/prompts/task-agent";
import { builtinModel } from "@/ai/providers/builtin";

// The prompt data rides in providerOptions.builtin: only the built-in model reads it.

const ctx: TaskContext = {
  directives: "Keep tasks moving.",
  task: { title: "Acme: CSV export times out", description: "It fails above 50k rows.", status: "open", checklist: [], estimateMinutes: null },
  state: { wakeCounter: 0, lastWakeAt: null, slots: {} },
  observations: [],
};

/** The JSON body a hosted provider would send (the request is answered with a 500 and never retried). */
async function requestBody(make: (fetch: typeof globalThis.fetch) => LanguageModel): Promise<string> {
  let body = "";
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    body = String(init?.body ?? "");
    return new Response(JSON.stringify({ error: { message: "test" } }), { status: 500, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  await generateText({ model: make(fetch), ...executePrompt(ctx), maxRetries: 0 }).catch(() => undefined);
  return body;
}

describe("providerOptions.builtin", () => {
  it.each([
    ["openai", (fetch: typeof globalThis.fetch) => createOpenAI({ apiKey: "k", fetch })("gpt-4o-mini")],
    ["anthropic", (fetch: typeof globalThis.fetch) => createAnthropic({ apiKey: "k", fetch })("claude-sonnet-4-5")],
    ["google", (fetch: typeof globalThis.fetch) => createGoogleGenerativeAI({ apiKey: "k", fetch })("gemini-2.5-flash")],
    ["openai-compatible", (fetch: typeof globalThis.fetch) => createOpenAICompatible({ name: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", fetch }).chatModel("llama3.1")],
  ])("is not sent by %s", async (_name, make) => {
    const body = await requestBody(make);
    expect(body).toContain("CSV export times out");
    expect(body).not.toContain('"phase"');
    expect(body).not.toContain('"builtin"');
  });

  describe("the built-in model, given data that is not its role's", () => {
    const logWarnings = globalThis.AI_SDK_LOG_WARNINGS;
    beforeAll(() => void (globalThis.AI_SDK_LOG_WARNINGS = false));
    afterAll(() => void (globalThis.AI_SDK_LOG_WARNINGS = logWarnings));

    it("answers without it and says so in a warning", async () => {
      const result = await generateText({ model: builtinModel("classifier"), ...executePrompt(ctx) });
      expect(result.text).toBe('{"items":[]}');
      expect(result.warnings).toEqual([expect.objectContaining({ type: "other", message: expect.stringMatching(/not the classifier prompt's data/) })]);
      const free = await generateText({ model: builtinModel("task"), prompt: "Hello?", providerOptions: { builtin: { phase: "unknown" } } });
      expect(free.text).toMatch(/built-in offline model/);
      expect(free.warnings).toHaveLength(1);
    });
  });
});
