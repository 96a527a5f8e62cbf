import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiProvider } from "@/env";
import type { AiEnv } from "../models";

/** The AI SDK provider AI_PROVIDER names, as a model id → model function (the env is already validated). */
export function hostedProvider(provider: AiProvider, e: AiEnv): (modelId: string) => LanguageModel {
  const baseURL = e.AI_BASE_URL;
  switch (provider) {
    case "openai": {
      // The Responses API by default (OpenAI's own); AI_OPENAI_API=chat for a gateway that only
      // speaks /chat/completions. Ollama, vLLM, LM Studio: AI_PROVIDER=openai-compatible.
      const openai = createOpenAI({ apiKey: e.AI_API_KEY ?? e.OPENAI_API_KEY, baseURL });
      return e.AI_OPENAI_API === "chat" ? (id) => openai.chat(id) : (id) => openai(id);
    }
    case "anthropic":
      return createAnthropic({ apiKey: e.AI_API_KEY ?? e.ANTHROPIC_API_KEY, baseURL });
    case "google":
      return createGoogleGenerativeAI({ apiKey: e.AI_API_KEY ?? e.GOOGLE_GENERATIVE_AI_API_KEY, baseURL });
    case "openai-compatible": {
      // AI_STRUCTURED_OUTPUTS: the server accepts a json_schema response_format (else json_object,
      // and the prompts describe the JSON they expect). includeUsage: streamed answers (the chat)
      // ask for their token counts too (stream_options.include_usage).
      const compatible = createOpenAICompatible({ name: "openai-compatible", baseURL: baseURL!, apiKey: e.AI_API_KEY, supportsStructuredOutputs: e.AI_STRUCTURED_OUTPUTS === true, includeUsage: true });
      return (id) => compatible.chatModel(id);
    }
    default: {
      const unreachable: never = provider;
      throw new Error(`Unknown AI_PROVIDER ${String(unreachable)}`);
    }
  }
}
