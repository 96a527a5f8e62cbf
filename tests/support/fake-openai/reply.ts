import type { ChatCompletionRequest } from "./protocol";
import { sampleFromSchema } from "./schema-sample";

/** A chat-completions request as the fake received it (see server.ts `RecordedRequest`). */
export type ChatRequest = {
  method: string;
  path: string;
  /** As received (lower-case names), Authorization included: tests assert on it. */
  headers: Record<string, string>;
  body: ChatCompletionRequest;
  /** `body.stream === true`: the answer goes out as server-sent events. */
  stream: boolean;
  /** The bearer token of the Authorization header, if any. */
  apiKey: string | undefined;
  at: Date;
};

export type Usage = { prompt_tokens?: number; completion_tokens?: number; cached_tokens?: number; reasoning_tokens?: number };

export type AnswerOptions = {
  /** Token counts; missing ones are estimated (≈ 4 characters a token). `null`: the answer carries no usage at all. */
  usage?: Usage | null;
  /** Default `"stop"`, or `"tool_calls"` when there are tool calls. `null`: none (a stream then ends without one). */
  finishReason?: string | null;
  /** Sent as `reasoning_content` (what Ollama, vLLM, DeepSeek… do for thinking models). */
  reasoning?: string;
  /** Streams: characters per content delta (default 5). */
  chunkChars?: number;
  /** Streams: characters per tool-call `arguments` fragment (default 7). */
  argumentChars?: number;
  /**
   * Streams: when the final usage chunk is sent. `"requested"` (default) is OpenAI's behaviour: only for
   * `stream_options.include_usage`; `"always"` is what some local servers do.
   */
  streamUsage?: "requested" | "always" | "never";
  /** Extra response headers. */
  headers?: Record<string, string>;
};

export type ToolCallSpec = {
  name: string;
  /** An object is serialized with JSON.stringify; a string is sent as is (it may be invalid JSON). */
  args: unknown;
  id?: string;
};

export type StreamFault =
  /** A `data:` line that is not JSON, then the rest of the answer and `[DONE]`. */
  | "malformed"
  /** The response ends cleanly (chunked terminator) without the rest, the finish reason or `[DONE]`. */
  | "end"
  /** The socket is destroyed mid-answer (the client sees a network error). */
  | "reset"
  /** Nothing more is sent; the connection stays open until the client aborts or the fake closes. */
  | "stall"
  /** An in-band `data: {"error": {...}}` event (what OpenAI sends when it fails mid-stream), then the stream ends. */
  | "error-event";

export type Answer = {
  kind: "answer";
  content: string | null;
  toolCalls: ToolCallSpec[];
  options: AnswerOptions;
  /** Break the answer after `after` data events (a non-streamed answer: after half its body). */
  fault?: { type: StreamFault; after?: number };
};

export type ErrorReply = {
  kind: "error";
  status: number;
  error: { message: string; type: string | null; param: string | null; code: string | number | null };
  headers: Record<string, string>;
};

export type RawReply = { kind: "raw"; status: number; headers: Record<string, string>; body: string };

/** Accept the request and send nothing: for `ms` (then `then`, or the socket is destroyed), or until the client aborts. */
export type StallReply = { kind: "stall"; ms?: number; then?: Reply };

/** Decided when the request arrives (replies whose text depends on it: the 401 echoing the key, `auto`). */
export type DynamicReply = { kind: "dynamic"; resolve: (req: ChatRequest) => Reply };

export type Reply = Answer | ErrorReply | RawReply | StallReply | DynamicReply;

export type ReplyHandler = (req: ChatRequest) => Reply | Promise<Reply>;

const answer = (content: string | null, toolCalls: ToolCallSpec[] = [], options: AnswerOptions = {}): Answer => ({ kind: "answer", content, toolCalls, options });

const omit = (value: object, keys: string[]) => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

const ERROR_DEFAULTS: Record<number, { type: string; code: string | null; message: (req: ChatRequest) => string }> = {
  400: { type: "invalid_request_error", code: null, message: () => "Invalid request." },
  401: {
    type: "invalid_request_error",
    code: "invalid_api_key",
    // Unlike OpenAI (which masks the middle), the key is echoed whole, so redaction can be tested.
    message: (req) => `Incorrect API key provided: ${req.apiKey ?? "(none)"}. You can find your API key at https://platform.openai.com/account/api-keys.`,
  },
  403: { type: "permission_error", code: "unsupported_country_region_territory", message: () => "Country, region, or territory not supported" },
  404: { type: "invalid_request_error", code: "model_not_found", message: (req) => `The model \`${req.body.model}\` does not exist or you do not have access to it.` },
  429: { type: "requests", code: "rate_limit_exceeded", message: (req) => `Rate limit reached for ${req.body.model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.` },
  500: { type: "server_error", code: null, message: () => "The server had an error while processing your request. Sorry about that!" },
  502: { type: "server_error", code: null, message: () => "Bad gateway." },
  503: { type: "server_error", code: null, message: () => "The engine is currently overloaded, please try again later." },
};

const LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ";

export const reply = {
  // ── good: exactly per protocol, as a JSON body or a stream, whichever the request asked for ──

  /** A text answer. */
  text: (text: string, options?: AnswerOptions): Answer => answer(text, [], options),

  /** A JSON answer: `value` serialized as the message content. */
  json: (value: unknown, options?: AnswerOptions): Answer => answer(JSON.stringify(value), [], options),

  /** One tool call (`finish_reason: "tool_calls"`). */
  toolCall: (name: string, args: unknown, options?: AnswerOptions & { id?: string; text?: string }): Answer =>
    answer(options?.text ?? null, [{ name, args, id: options?.id }], options),

  /** Several tool calls in one answer (parallel tool calls). */
  toolCalls: (calls: ToolCallSpec[], options?: AnswerOptions & { text?: string }): Answer => answer(options?.text ?? null, calls, options),

  /**
   * What a model honouring `response_format` would say: for a `json_schema`, the smallest object the
   * schema accepts (`override` merged over it); for `json_object`, `override ?? {}`; otherwise `text`.
   * The default when nothing is scripted.
   */
  auto: (override?: Record<string, unknown>, text = "OK.", options?: AnswerOptions): DynamicReply => ({
    kind: "dynamic",
    resolve: (req) => {
      const format = req.body.response_format;
      if (format?.type === "json_schema") {
        const sample = sampleFromSchema(format.json_schema.schema);
        return reply.json(override && sample && typeof sample === "object" ? { ...sample, ...override } : sample, options);
      }
      if (format?.type === "json_object") return reply.json(override ?? {}, options);
      return reply.text(text, options);
    },
  }),

  /** A text answer of exactly `chars` characters (streamed in ~100 deltas unless `chunkChars` says otherwise). */
  huge: (chars: number, options?: AnswerOptions): Answer =>
    answer(LOREM.repeat(Math.ceil(chars / LOREM.length)).slice(0, chars), [], { chunkChars: Math.max(5, Math.ceil(chars / 100)), ...options }),

  // ── sloppy: what a weak local model answers ──
  sloppy: {
    /** JSON inside a ```json fence. */
    fenced: (value: unknown, options?: AnswerOptions): Answer => answer("```json\n" + JSON.stringify(value, null, 2) + "\n```", [], options),
    /** JSON with prose before and after. */
    withProse: (value: unknown, options?: AnswerOptions): Answer =>
      answer(`Sure! Here is the JSON you asked for:\n\n${JSON.stringify(value)}\n\nLet me know if you need anything else.`, [], options),
    /** Valid JSON of another shape than asked for. */
    wrongShape: (value: unknown = { answer: "I think this is fine." }, options?: AnswerOptions): Answer => reply.json(value, options),
    /** `value` without the named top-level fields. */
    missing: (value: object, keys: string[], options?: AnswerOptions): Answer => reply.json(omit(value, keys), options),
    /** An empty message (`content: ""`, finish reason stop). */
    empty: (options?: AnswerOptions): Answer => answer("", [], options),
    /** JSON cut off in the middle, `finish_reason: "length"` (max_tokens reached). */
    truncated: (value: unknown, options?: AnswerOptions): Answer => {
      const text = JSON.stringify(value);
      return answer(text.slice(0, Math.max(1, Math.floor(text.length / 2))), [], { finishReason: "length", ...options });
    },
    /** A tool call whose `arguments` are not valid JSON. */
    badToolArgs: (name: string, raw = '{"title": "Unfinished', options?: AnswerOptions): Answer => answer(null, [{ name, args: raw }], options),
    /** Prose where a tool call was expected (finish reason stop). */
    textInsteadOfTool: (text = "I would now call the tool to do this.", options?: AnswerOptions): Answer => answer(text, [], options),
  },

  // ── faulty ──

  /**
   * An HTTP error with an OpenAI-style body `{error: {message, type, param, code}}`; the message, type
   * and code default per status (the 401 echoes the request's API key). `retryAfter` (seconds) sets
   * `Retry-After`, `retryAfterMs` sets `retry-after-ms`.
   */
  error: (
    status: number,
    opts: { message?: string; type?: string | null; code?: string | number | null; param?: string | null; retryAfter?: number | string; retryAfterMs?: number; headers?: Record<string, string> } = {},
  ): DynamicReply => ({
    kind: "dynamic",
    resolve: (req) => {
      const defaults = ERROR_DEFAULTS[status] ?? { type: status >= 500 ? "server_error" : "invalid_request_error", code: null, message: () => `HTTP ${status}` };
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.retryAfter != null) headers["retry-after"] = String(opts.retryAfter);
      if (opts.retryAfterMs != null) headers["retry-after-ms"] = String(opts.retryAfterMs);
      return {
        kind: "error",
        status,
        headers,
        error: {
          message: opts.message ?? defaults.message(req),
          type: opts.type === undefined ? defaults.type : opts.type,
          param: opts.param ?? null,
          code: opts.code === undefined ? defaults.code : opts.code,
        },
      };
    },
  }),

  /** 429 with `Retry-After: <seconds>`. */
  rateLimited: (retryAfterSeconds: number, opts: { retryAfterMs?: number } = {}) => reply.error(429, { retryAfter: retryAfterSeconds, ...opts }),

  /** 401 whose message echoes `key` (default: the bearer token the request carried). */
  unauthorized: (key?: string) => reply.error(401, key == null ? {} : { message: `Incorrect API key provided: ${key}.` }),

  /** Any status and body as given (content type `text/plain` unless `headers` say otherwise). */
  raw: (status: number, body: string, headers: Record<string, string> = {}): RawReply => ({ kind: "raw", status, body, headers: { "content-type": "text/plain; charset=utf-8", ...headers } }),

  /** An HTML page (a captive portal, a proxy's error page), status 200 unless given. */
  html: (status = 200, body = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><h1>Please sign in to continue</h1></body></html>\n"): RawReply =>
    reply.raw(status, body, { "content-type": "text/html; charset=utf-8" }),

  /** Accept the request and send nothing: for `ms` then `then` (or a destroyed socket), or, without `ms`, until the client aborts or the fake closes. */
  stall: (opts: { ms?: number; then?: Reply } = {}): StallReply => ({ kind: "stall", ...opts }),

  /**
   * `base` (a text/JSON/tool-call answer; a string means `reply.text(string)`) broken by `fault` after
   * `after` data events (default: half of them). A non-streamed request gets half its JSON body instead.
   */
  broken: (base: Answer | string, fault: StreamFault, opts: { after?: number } = {}): Answer => ({
    ...(typeof base === "string" ? reply.text(base) : base),
    fault: { type: fault, after: opts.after },
  }),
};
