import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3GenerateResult, LanguageModelV3StreamResult, SharedV3Warning } from "@ai-sdk/provider";
import type { ModelRole } from "@/ai/models";
import { respond } from "./respond";
import { partsStream, toStreamParts } from "./stream";
import { usageFor } from "./usage";

/**
 * The built-in deterministic model: an AI SDK LanguageModelV3 that answers by rules, without a
 * network, so every feature works offline and gives the same answer for the same prompt. It works
 * from the data the prompt was built from (options.ts), not from the prompt's wording.
 * Behaviours per role are documented in src/ai/README.md.
 */
export class BuiltinLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "builtin";
  readonly supportedUrls = {};
  readonly modelId: string;

  constructor(
    readonly role: ModelRole,
    private readonly options: { streamDelayMs?: number; streamHoldFile?: string } = {},
  ) {
    this.modelId = `builtin-${role}`;
  }

  private answer(options: LanguageModelV3CallOptions) {
    options.abortSignal?.throwIfAborted();
    const { view, content, invalidData } = respond(this.role, options);
    const toolCalls = content.some((c) => c.type === "tool-call");
    const warnings: SharedV3Warning[] = invalidData
      ? [{ type: "other", message: `providerOptions.builtin is not the ${this.role} prompt's data (src/ai/prompts); answered without it.` }]
      : [];
    return {
      content,
      finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: toolCalls ? "tool_calls" : "stop" } as const,
      usage: usageFor(view.allText, content),
      warnings,
    };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { content, finishReason, usage, warnings } = this.answer(options);
    return { content, finishReason, usage, warnings, response: { modelId: this.modelId } };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const { content, finishReason, usage, warnings } = this.answer(options);
    const parts = toStreamParts(content, finishReason, usage, this.modelId, warnings);
    return { stream: partsStream(parts, this.options.streamDelayMs ?? 10, options.abortSignal, this.options.streamHoldFile) };
  }
}
