import type { LanguageModelV3 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { createRegistry, MODEL_ROLES, ModelConfigError, type AiEnv } from "@/ai/models";
import { parseEnv } from "@/env";

// The registry is built from a parsed env object: no process.env changes, no provider calls
// (creating a provider model does not touch the network).

const v3 = (m: unknown) => m as LanguageModelV3;

describe("model registry", () => {
  it("uses the built-in model for every role when AI_PROVIDER is unset", () => {
    const registry = createRegistry({});
    expect(registry.describe()).toEqual({
      provider: "builtin",
      builtIn: true,
      models: { task: "builtin-task", evaluator: "builtin-evaluator", refiner: "builtin-refiner", classifier: "builtin-classifier", improver: "builtin-improver" },
    });
    // A template's override names a hosted model: offline, it maps to the built-in model for the role.
    expect(v3(registry.getModel("refiner", "gpt-4o")).modelId).toBe("builtin-refiner");
  });

  it("picks the provider, the default model, AI_MODEL and per-role overrides", () => {
    const openai = createRegistry({ AI_PROVIDER: "openai", OPENAI_API_KEY: "sk-test-secret", AI_MODEL_EVALUATOR: "gpt-4o" });
    expect(v3(openai.getModel("task")).provider).toMatch(/^openai/);
    expect(v3(openai.getModel("task")).modelId).toBe("gpt-4o-mini");
    expect(v3(openai.getModel("evaluator")).modelId).toBe("gpt-4o");
    expect(v3(openai.getModel("task", "default")).modelId).toBe("gpt-4o-mini");
    expect(v3(openai.getModel("task", "gpt-4.1")).modelId).toBe("gpt-4.1");
    expect(v3(openai.getModel("task", "builtin-task")).provider).toBe("builtin");

    const anthropic = createRegistry({ AI_PROVIDER: "anthropic", AI_API_KEY: "k" });
    expect(v3(anthropic.getModel("classifier")).provider).toMatch(/^anthropic/);
    expect(v3(anthropic.getModel("classifier")).modelId).toBe("claude-sonnet-4-5");

    const google = createRegistry({ AI_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: "k", AI_MODEL: "gemini-2.5-pro" });
    expect(v3(google.getModel("improver")).provider).toMatch(/^google/);
    expect(google.describe().models.improver).toBe("gemini-2.5-pro");

    const ollama = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://user:pw@127.0.0.1:11434/v1", AI_MODEL: "llama3.1" });
    expect(v3(ollama.getModel("task")).provider).toMatch(/^openai-compatible/);
    expect(v3(ollama.getModel("task")).modelId).toBe("llama3.1");
    expect(ollama.describe()).toMatchObject({ provider: "openai-compatible", builtIn: false, baseUrl: "http://127.0.0.1:11434" });
  });

  it("calls OpenAI's Responses API by default and chat completions with AI_OPENAI_API=chat", () => {
    expect(v3(createRegistry({ AI_PROVIDER: "openai", AI_API_KEY: "k" }).getModel("task")).provider).toBe("openai.responses");
    expect(v3(createRegistry({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_BASE_URL: "https://gateway.example/v1", AI_OPENAI_API: "chat" }).getModel("task")).provider).toBe("openai.chat");
  });

  it("describes the configuration without secrets", () => {
    const described = JSON.stringify(createRegistry({ AI_PROVIDER: "openai", AI_API_KEY: "sk-test-secret" }).describe());
    expect(described).not.toContain("sk-test-secret");
    expect(Object.keys(JSON.parse(described).models)).toEqual([...MODEL_ROLES]);
  });

  it("refuses incomplete provider configurations with a clear message", () => {
    const bad: [AiEnv, RegExp][] = [
      [{ AI_PROVIDER: "openai" }, /AI_PROVIDER=openai needs AI_API_KEY \(or OPENAI_API_KEY\)/],
      [{ AI_PROVIDER: "anthropic", OPENAI_API_KEY: "k" }, /needs AI_API_KEY \(or ANTHROPIC_API_KEY\)/],
      [{ AI_PROVIDER: "openai-compatible", AI_MODEL: "llama3.1" }, /needs AI_BASE_URL/],
      [{ AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://127.0.0.1:11434/v1" }, /needs AI_MODEL/],
    ];
    for (const [env, message] of bad) {
      expect(() => createRegistry(env)).toThrow(ModelConfigError);
      expect(() => createRegistry(env)).toThrow(message);
    }
  });

  it("the same rules stop startup through parseEnv, and empty strings count as unset", () => {
    expect(() => parseEnv({ AI_PROVIDER: "openai-compatible", AI_MODEL: "llama3.1" })).toThrow(/AI_BASE_URL: AI_PROVIDER=openai-compatible needs AI_BASE_URL/);
    expect(() => parseEnv({ AI_PROVIDER: "mistral" })).toThrow(/AI_PROVIDER must be one of: openai, anthropic, google, openai-compatible/);
    expect(() => parseEnv({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_BASE_URL: "not a url" })).toThrow(/AI_BASE_URL must be an http\(s\) URL/);
    const env = parseEnv({ AI_PROVIDER: "", AI_MODEL: "  " });
    expect(env.AI_PROVIDER).toBeUndefined();
    expect(createRegistry(env).describe().builtIn).toBe(true);
  });
});
