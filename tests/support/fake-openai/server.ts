import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  completionBody,
  completionChunks,
  estimateTokens,
  promptText,
  sseEvent,
  SSE_DONE,
  type ChatCompletionRequest,
  type Completion,
  type WireError,
  type WireUsage,
} from "./protocol";
import { reply as replies, type Answer, type ChatRequest, type ErrorReply, type Reply, type ReplyHandler } from "./reply";

/** Every request the fake received, whatever its path. */
export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** As received (lower-case names), Authorization included. */
  headers: Record<string, string>;
  /** The parsed JSON body; `undefined` when there was none or it was not JSON (see `rawBody`). */
  body: unknown;
  rawBody: string;
  at: Date;
  /** The HTTP status the fake answered with (`undefined` while it has not answered, e.g. a stall). */
  status: number | undefined;
  /** The client closed the connection before the answer was complete (an abort); not set when the fake cut it. */
  aborted: boolean;
};

export type FakeOpenAIOptions = {
  /** 0 (default): a free port. */
  port?: number;
  /** What `/v1/models` lists. */
  models?: string[];
  /** The answer when neither the queue nor a script decides (default `reply.auto()`). */
  fallback?: ReplyHandler;
};

export type FakeOpenAI = {
  /** `http://127.0.0.1:<port>/v1`: the `baseURL` / `AI_BASE_URL`. */
  url: string;
  port: number;
  /** Every request received, in order (the same array for the server's life; `reset()` empties it). */
  requests: RecordedRequest[];
  /** The chat-completions requests only, typed. */
  chatRequests(): (RecordedRequest & { body: ChatCompletionRequest })[];
  /** Decide every following chat answer (after the queue is used up). */
  script(handler: ReplyHandler): void;
  /** Answer the next chat requests with these, in order (before the script). */
  enqueue(...replies: (Reply | ReplyHandler)[]): void;
  /** Forget requests, queue and script. */
  reset(): void;
  /** Resolves once `count` requests (of any path) have arrived. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  /** Stops listening, destroys every open connection (stalls included) and cancels timers. */
  close(): Promise<void>;
};

const CHAT_PATH = "/v1/chat/completions";

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const models = options.models ?? ["fake-model"];
  const fallback: ReplyHandler = options.fallback ?? (() => replies.auto());
  const requests: RecordedRequest[] = [];
  const queue: (Reply | ReplyHandler)[] = [];
  let handler: ReplyHandler | undefined;
  let closing = false;
  let seq = 0;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const waiters = new Set<() => void>();
  /** Responses the fake destroyed itself (so their close is not an abort). */
  const cutByFake = new WeakSet<ServerResponse>();

  const notify = () => waiters.forEach((w) => w());

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      t.unref();
      timers.add(t);
    });

  const gone = (res: ServerResponse) => closing || res.destroyed || res.writableEnded;

  const cut = (res: ServerResponse) => {
    cutByFake.add(res);
    res.socket?.destroy();
    res.destroy();
  };

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const sendError = (res: ServerResponse, e: Omit<ErrorReply, "kind">) => sendJson(res, e.status, { error: e.error } satisfies WireError, e.headers);

  const invalid = (res: ServerResponse, status: number, message: string, code: string | null = null) =>
    sendError(res, { status, headers: {}, error: { message, type: "invalid_request_error", param: null, code } });

  async function nextReply(req: ChatRequest): Promise<Reply> {
    const queued = queue.shift();
    if (queued) return typeof queued === "function" ? queued(req) : queued;
    return (handler ?? fallback)(req);
  }

  function toCompletion(a: Answer, req: ChatRequest): Completion {
    const id = `chatcmpl-fake-${++seq}`;
    const toolCalls = a.toolCalls.map((c, i) => ({
      id: c.id ?? `call_fake_${seq}_${i}`,
      type: "function" as const,
      function: { name: c.name, arguments: typeof c.args === "string" ? c.args : JSON.stringify(c.args ?? {}) },
    }));
    const o = a.options;
    let usage: WireUsage | null = null;
    if (o.usage !== null) {
      const written = (a.content ?? "") + (o.reasoning ?? "") + toolCalls.map((c) => c.function.name + c.function.arguments).join("");
      const prompt = o.usage?.prompt_tokens ?? estimateTokens(promptText(req.body.messages));
      const completion = o.usage?.completion_tokens ?? estimateTokens(written);
      usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
      if (o.usage?.cached_tokens != null) usage.prompt_tokens_details = { cached_tokens: o.usage.cached_tokens };
      if (o.usage?.reasoning_tokens != null) usage.completion_tokens_details = { reasoning_tokens: o.usage.reasoning_tokens };
    }
    return {
      id,
      model: req.body.model,
      created: Math.floor(Date.now() / 1000),
      content: a.content,
      reasoning: o.reasoning,
      toolCalls,
      finishReason: o.finishReason === undefined ? (toolCalls.length > 0 ? "tool_calls" : "stop") : o.finishReason,
      usage,
    };
  }

  async function answer(res: ServerResponse, a: Answer, req: ChatRequest): Promise<void> {
    const c = toCompletion(a, req);
    const headers = { "x-request-id": `req_fake_${seq}`, ...a.options.headers };
    const fault = a.fault;
    if (!req.stream) {
      if (!fault) return sendJson(res, 200, completionBody(c), headers);
      if (fault.type === "error-event") return sendJson(res, 200, { error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } }, headers);
      const text = JSON.stringify(completionBody(c));
      const half = text.slice(0, Math.floor(text.length / 2));
      const length = fault.type === "malformed" || fault.type === "end" ? Buffer.byteLength(half) : Buffer.byteLength(text);
      res.writeHead(200, { "content-type": "application/json", "content-length": length, ...headers });
      if (fault.type === "malformed" || fault.type === "end") return void res.end(half);
      await new Promise<void>((resolve) => res.write(half, () => resolve()));
      if (fault.type === "reset") cut(res);
      return; // stall: the rest never comes
    }

    const usageWanted = a.options.streamUsage ?? "requested";
    const includeUsage = c.usage != null && (usageWanted === "always" || (usageWanted === "requested" && req.body.stream_options?.include_usage === true));
    const events = completionChunks(c, { chunkChars: a.options.chunkChars ?? 5, argumentChars: a.options.argumentChars ?? 7, includeUsage });
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive", ...headers });
    res.flushHeaders();
    const breakAt = fault ? Math.min(fault.after ?? Math.floor(events.length / 2), events.length) : Infinity;
    for (let i = 0; i < events.length; i++) {
      if (i === breakAt && fault) {
        if (fault.type === "malformed") res.write("data: {\"id\": \"chatcmpl-broken\", \"choices\": [{\"delta\": {\"content\": \"oops\"\n\n");
        else if (fault.type === "error-event") {
          res.write(sseEvent({ error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } }));
          return void res.end();
        } else if (fault.type === "end") return void res.end();
        else if (fault.type === "reset") return cut(res);
        else return; // stall
      }
      if (gone(res)) return;
      // Each event goes out on its own (handed to the OS before the next, so a fault after it cannot
      // swallow it), and an abort is noticed between events.
      await new Promise<void>((resolve) => res.write(sseEvent(events[i]), () => resolve()));
    }
    if (gone(res)) return;
    res.end(SSE_DONE);
  }

  async function respond(res: ServerResponse, r: Reply, req: ChatRequest): Promise<void> {
    if (gone(res)) return;
    switch (r.kind) {
      case "dynamic":
        return respond(res, r.resolve(req), req);
      case "answer":
        return answer(res, r, req);
      case "error":
        return sendError(res, r);
      case "raw":
        res.writeHead(r.status, { "content-length": Buffer.byteLength(r.body), ...r.headers });
        return void res.end(r.body);
      case "stall":
        if (r.ms == null) return; // until the client aborts or close()
        await sleep(r.ms);
        if (gone(res)) return;
        if (r.then) return respond(res, r.then, req);
        return cut(res);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    let parseFailed = false;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        parseFailed = true;
      }
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const record: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers, body, rawBody, at: new Date(), status: undefined, aborted: false };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished && !cutByFake.has(res) && !closing) record.aborted = true;
    });
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      record.status = status;
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    notify();

    const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake-openai" })) });
    }
    if (req.method === "GET" && path.startsWith("/v1/models/")) {
      const id = decodeURIComponent(path.slice("/v1/models/".length));
      if (models.includes(id)) return sendJson(res, 200, { id, object: "model", created: 1_700_000_000, owned_by: "fake-openai" });
      return invalid(res, 404, `The model '${id}' does not exist`, "model_not_found");
    }
    if (path !== CHAT_PATH) return invalid(res, 404, `Invalid URL (${req.method} ${req.url})`, "unknown_url");
    if (req.method !== "POST") return invalid(res, 405, `Method ${req.method} not allowed on ${CHAT_PATH}`, "method_not_allowed");
    if (parseFailed || body == null || typeof body !== "object") {
      return invalid(res, 400, "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)");
    }
    const chat = body as ChatCompletionRequest;
    if (typeof chat.model !== "string" || chat.model === "") return invalid(res, 400, "you must provide a model parameter", "missing_required_parameter");
    if (!Array.isArray(chat.messages) || chat.messages.length === 0) return invalid(res, 400, "[] is too short - 'messages'", "invalid_value");

    const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")?.[1];
    const chatRequest: ChatRequest = { method: record.method, path: record.path, headers, body: chat, stream: chat.stream === true, apiKey: bearer, at: record.at };
    let r: Reply;
    try {
      r = await nextReply(chatRequest);
    } catch (error) {
      return sendError(res, { status: 500, headers: {}, error: { message: `fake-openai: the script threw: ${String(error)}`, type: "fake_openai_script_error", param: null, code: null } });
    }
    await respond(res, r, chatRequest);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent && !gone(res)) sendJson(res, 500, { error: { message: `fake-openai: ${String(error)}`, type: "fake_openai_error", param: null, code: null } });
      else cut(res);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    chatRequests: () => requests.filter((r) => r.path.split("?")[0] === CHAT_PATH && r.body != null) as (RecordedRequest & { body: ChatCompletionRequest })[],
    script(h) {
      handler = h;
    },
    enqueue(...rs) {
      queue.push(...rs);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      handler = undefined;
    },
    waitForRequests(count) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length >= count) {
            waiters.delete(check);
            resolve(requests.slice());
          } else if (closing) {
            waiters.delete(check);
            reject(new Error(`fake-openai closed after ${requests.length} of ${count} requests`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      notify();
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      sockets.forEach((s) => s.destroy());
      server.closeAllConnections();
      await closed;
    },
  };
}
