// The OpenAI chat-completions wire format, as the AI SDK's openai-compatible chat provider sends and
// parses it (node_modules/@ai-sdk/openai-compatible/dist/index.mjs: `getArgs` for the request,
// `OpenAICompatibleChatResponseSchema` and `chunkBaseSchema` for the answers).

/** The request body of POST /v1/chat/completions (what `getArgs` + `doStream` put in it). */
export type ChatCompletionRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  /** Only sent when the provider was created with `includeUsage: true`. */
  stream_options?: { include_usage?: boolean };
  tools?: { type: "function"; function: { name: string; description?: string; parameters: JsonSchema; strict?: boolean } }[];
  tool_choice?: "auto" | "none" | "required" | { type: "function"; function: { name: string } };
  response_format?: ResponseFormat;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string[];
  seed?: number;
  user?: string;
  reasoning_effort?: string;
  verbosity?: string;
  [extra: string]: unknown;
};

export type ResponseFormat =
  | { type: "text" }
  | { type: "json_object" }
  | { type: "json_schema"; json_schema: { name: string; schema: JsonSchema; strict?: boolean; description?: string } };

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | { type: string; [k: string]: unknown }[] }
  | { role: "assistant"; content: string | null; tool_calls?: WireToolCall[]; reasoning_content?: string }
  | { role: "tool"; tool_call_id: string; content: string };

export type WireToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/** A JSON schema as the SDK sends it (zod's `toJSONSchema` output, draft 7). */
export type JsonSchema = { [k: string]: unknown };

export type WireUsage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
};

/** The OpenAI error body (`openaiCompatibleErrorDataSchema`: `error.message` is required, the rest loose). */
export type WireError = { error: { message: string; type: string | null; param: string | null; code: string | number | null } };

/** What one answer says, independent of how it is sent (one JSON body or SSE chunks). */
export type Completion = {
  id: string;
  model: string;
  created: number;
  content: string | null;
  reasoning?: string;
  toolCalls: WireToolCall[];
  finishReason: string | null;
  usage: WireUsage | null;
};

export function completionBody(c: Completion) {
  return {
    id: c.id,
    object: "chat.completion",
    created: c.created,
    model: c.model,
    system_fingerprint: "fp_fake",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: c.content,
          refusal: null,
          ...(c.reasoning != null && { reasoning_content: c.reasoning }),
          ...(c.toolCalls.length > 0 && { tool_calls: c.toolCalls }),
        },
        logprobs: null,
        finish_reason: c.finishReason,
      },
    ],
    usage: c.usage,
  };
}

export type StreamShape = {
  /** Characters per `delta.content` / `delta.reasoning_content` chunk. */
  chunkChars: number;
  /** Characters per `function.arguments` fragment of a tool call. */
  argumentChars: number;
  /** The final `choices: []` chunk with the usage (OpenAI sends it only for `stream_options.include_usage`). */
  includeUsage: boolean;
};

/** The `data:` payloads of a streamed answer, in order, without the final `[DONE]`. */
export function completionChunks(c: Completion, shape: StreamShape): object[] {
  const base = { id: c.id, object: "chat.completion.chunk", created: c.created, model: c.model, system_fingerprint: "fp_fake" };
  // With include_usage OpenAI puts `"usage": null` on every chunk but the last.
  const usageField = shape.includeUsage ? { usage: null } : {};
  const chunk = (delta: object, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...usageField,
  });
  const out: object[] = [chunk({ role: "assistant", content: "", refusal: null })];
  for (const piece of split(c.reasoning ?? "", shape.chunkChars)) out.push(chunk({ reasoning_content: piece }));
  for (const piece of split(c.content ?? "", shape.chunkChars)) out.push(chunk({ content: piece }));
  c.toolCalls.forEach((call, index) => {
    out.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] }));
    for (const piece of split(call.function.arguments, shape.argumentChars)) out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  if (c.finishReason != null) out.push(chunk({}, c.finishReason));
  if (shape.includeUsage) out.push({ ...base, choices: [], usage: c.usage });
  return out;
}

export const sseEvent = (data: object | string) => `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
export const SSE_DONE = sseEvent("[DONE]");

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += Math.max(1, size)) pieces.push(text.slice(i, i + Math.max(1, size)));
  return pieces;
}

/** About 4 characters a token, like OpenAI's rule of thumb; deterministic. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export function promptText(messages: ChatMessage[] | undefined): string {
  return (messages ?? [])
    .map((m) => (typeof m.content === "string" ? m.content : m.content == null ? "" : JSON.stringify(m.content)))
    .join("\n");
}
