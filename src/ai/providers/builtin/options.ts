import type { JSONObject, LanguageModelV3CallOptions, SharedV3ProviderOptions } from "@ai-sdk/provider";

// How a caller hands the built-in model the data its prompt was built from: call-level
// `providerOptions` under the "builtin" key. The AI SDK forwards them to every step's
// doGenerate/doStream, and hosted providers read only their own key, so a real model never sees
// them and the prompt text stays free to change.

const KEY = "builtin";

/** `providerOptions` for generateText/streamText; the data's shape per role is in src/ai/prompts. */
export function builtinContext(data: JSONObject): SharedV3ProviderOptions {
  return { [KEY]: data };
}

/** What the call passed with builtinContext, unvalidated (undefined when nothing was passed). */
export function builtinData(options: LanguageModelV3CallOptions): unknown {
  return options.providerOptions?.[KEY];
}
