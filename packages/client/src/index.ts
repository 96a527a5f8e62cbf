// @agent-coach/client — a small typed client for Agent Coach's REST API, for agents that live in a
// team's own code. The types come from the app's OpenAPI document (api-types.ts, generated); this
// layer adds what every caller would otherwise write: retries with backoff on 429 and 5xx (and
// network errors) that honour Retry-After, an Idempotency-Key per write reused by its retries, the
// agent's directives cached by ETag (a poll answered 304 costs the server almost nothing), and
// verification of Agent Coach's signed webhooks. No dependencies: the platform's fetch and crypto.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { operations } from "./api-types";

export type { operations, paths } from "./api-types";

type JsonBody<O extends keyof operations> = operations[O] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Content<X> = X extends { content: { "application/json": infer B } } ? B : never;
/** The body of an operation's success (200 or 201). */
type Ok<O extends keyof operations> = operations[O]["responses"] extends infer R ? (200 extends keyof R ? Content<R[200]> : 201 extends keyof R ? Content<R[201]> : never) : never;
type Query<O extends keyof operations> = operations[O] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Template = Ok<"listTemplates">["templates"][number];
export type Agent = Ok<"createAgent">;
export type AgentDirectives = Ok<"getAgentDirectives">;
export type RunInput = JsonBody<"recordRun">;
export type Run = Ok<"recordRun">;
export type ObservationInput = JsonBody<"recordObservation">;
export type ReportInput = JsonBody<"writeReport">;
export type ChangeSetInput = JsonBody<"createChangeSet">;
export type DecisionInput = JsonBody<"decideChangeItems">;
export type RatingInput = JsonBody<"rateRun">;

/** An answer other than 2xx (after the retries): its status, the API's error code and message. */
export class AgentCoachError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AgentCoachError";
  }
}

export type ClientOptions = {
  /** The app's address, e.g. https://coach.example.com */
  baseUrl: string;
  /** An API key of the workspace (Settings → API keys). */
  apiKey: string;
  /** Attempts after the first for 429, 5xx and network errors (default 4). */
  retries?: number;
  /** The first backoff; doubled per attempt with jitter, at most 30 s (default 500 ms). */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const RETRIED = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The wait a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export class AgentCoachClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly directives = new Map<string, { etag: string; body: AgentDirectives }>();

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** One request with the retries; writes carry one Idempotency-Key across them. */
  async request<T>(method: "GET" | "POST", path: string, { body, query, headers = {} }: { body?: unknown; query?: Record<string, string | number | undefined>; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T | null; headers: Headers }> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const all: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}`, accept: "application/json", ...headers };
    if (body !== undefined) all["content-type"] = "application/json";
    if (method === "POST") all["idempotency-key"] ??= randomUUID();
    const retries = this.options.retries ?? 4;
    const base = this.options.backoffMs ?? 500;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
      } catch (e) {
        if (attempt >= retries) throw e;
        await this.sleep(Math.min(30_000, base * 2 ** attempt * (0.5 + Math.random())));
        continue;
      }
      if (RETRIED.has(response.status) && attempt < retries) {
        await response.arrayBuffer().catch(() => undefined);
        const asked = retryAfterMs(response.headers.get("retry-after"));
        await this.sleep(Math.min(60_000, asked ?? Math.min(30_000, base * 2 ** attempt * (0.5 + Math.random()))));
        continue;
      }
      if (response.status === 304) return { status: 304, body: null, headers: response.headers };
      const text = await response.text();
      const parsed = text ? (JSON.parse(text) as unknown) : null;
      if (!response.ok) {
        const error = (parsed as { error?: { code?: string; message?: string; fieldErrors?: Record<string, string[]> } } | null)?.error;
        throw new AgentCoachError(response.status, error?.code ?? "HTTP_ERROR", error?.message ?? `HTTP ${response.status}`, error?.fieldErrors);
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    }
  }

  private async post<O extends keyof operations>(path: string, body: JsonBody<O>, idempotencyKey?: string): Promise<Ok<O>> {
    return (await this.request<Ok<O>>("POST", path, { body, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} })).body!;
  }

  async listTemplates(): Promise<Template[]> {
    return (await this.request<Ok<"listTemplates">>("GET", "/api/v1/templates")).body!.templates;
  }

  async listAgents(query: Query<"listAgents"> = {} as Query<"listAgents">): Promise<Ok<"listAgents">> {
    return (await this.request<Ok<"listAgents">>("GET", "/api/v1/agents", { query: query as Record<string, string | number | undefined> })).body!;
  }

  /** Registers an agent; with `externalId` (your own id) a second call returns the same agent. */
  registerAgent(input: JsonBody<"createAgent">): Promise<Agent> {
    return this.post<"createAgent">("/api/v1/agents", input);
  }

  /**
   * The directives this agent must run now — its probation arm's version while a probation runs.
   * Cached by ETag: asking before every run costs a 304 while nothing changed.
   */
  async directivesFor(agentId: string): Promise<AgentDirectives> {
    const cached = this.directives.get(agentId);
    const res = await this.request<AgentDirectives>("GET", `/api/v1/agents/${encodeURIComponent(agentId)}/directives`, { headers: cached ? { "if-none-match": cached.etag } : {} });
    if (res.status === 304 && cached) return cached.body;
    const etag = res.headers.get("etag");
    if (etag && res.body) this.directives.set(agentId, { etag, body: res.body });
    return res.body!;
  }

  /** A finished run (give the version you ran: `templateVersionId` from directivesFor). */
  recordRun(input: RunInput, idempotencyKey?: string): Promise<Run> {
    return this.post<"recordRun">("/api/v1/runs", input, idempotencyKey);
  }

  recordObservation(input: ObservationInput, idempotencyKey?: string): Promise<Ok<"recordObservation">> {
    return this.post<"recordObservation">("/api/v1/observations", input, idempotencyKey);
  }

  writeReport(input: ReportInput, idempotencyKey?: string): Promise<Ok<"writeReport">> {
    return this.post<"writeReport">("/api/v1/reports", input, idempotencyKey);
  }

  /** Proposes changes people confirm or reject (a change set of items). */
  proposeChanges(input: ChangeSetInput, idempotencyKey?: string): Promise<Ok<"createChangeSet">> {
    return this.post<"createChangeSet">("/api/v1/change-sets", input, idempotencyKey);
  }

  decide(input: DecisionInput, idempotencyKey?: string): Promise<Ok<"decideChangeItems">> {
    return this.post<"decideChangeItems">("/api/v1/decisions", input, idempotencyKey);
  }

  rateRun(input: RatingInput, idempotencyKey?: string): Promise<Ok<"rateRun">> {
    return this.post<"rateRun">("/api/v1/ratings", input, idempotencyKey);
  }
}

// ---- Webhooks --------------------------------------------------------------------------------

/**
 * Checks a webhook from Agent Coach (Standard Webhooks): the `webhook-signature` matches the
 * `webhook-id`, `webhook-timestamp` and the raw body under your endpoint's secret (`whsec_…`), and
 * the timestamp is within `toleranceSeconds` of now. Pass the body exactly as received.
 */
export function verifyWebhook({ headers, body, secret, now = new Date(), toleranceSeconds = 300 }: { headers: Record<string, string | string[] | undefined> | Headers; body: string; secret: string; now?: Date; toleranceSeconds?: number }): boolean {
  const get = (name: string) => {
    const v = headers instanceof Headers ? headers.get(name) : headers[name];
    return Array.isArray(v) ? v[0] : (v ?? undefined);
  };
  const id = get("webhook-id");
  const timestamp = Number(get("webhook-timestamp"));
  const signatures = get("webhook-signature");
  if (!id || !signatures || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const expected = Buffer.from(`v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`);
  return signatures.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// ---- Replay endpoint ---------------------------------------------------------------------------

/** What Agent Coach sends your replay endpoint: one of last week's runs, to play again with `directives`. */
export type ReplayRequest = {
  type: "replay.run";
  /** The replay check, or the ritual's candidate search ("search-…"), this call is part of. */
  checkId: string;
  /** Null in a candidate search (several versions are tried before one is proposed). */
  proposalId: string | null;
  /** "head": the active directives; "candidate": the proposed ones. */
  side: "head" | "candidate";
  directives: string;
  run: { id: string; externalId: string | null; agentId: string; startedAt: string };
  /** Exactly the `inputs` your agent sent with the run (POST /api/v1/runs). */
  inputs: Record<string, unknown>;
};

/** What your agent answers: what it would propose and report on those inputs with those directives (the API's shapes). */
export type ReplayAnswer = {
  proposals?: { tool: string; args?: Record<string, unknown>; summary?: string }[];
  report?: { markdown: string; confidence?: number | null } | null;
  observations?: string[];
  qualityScore?: number | null;
  inputTokens?: number;
  outputTokens?: number;
};

/**
 * Your replay endpoint as a fetch-style handler (`(request) => Promise<Response>`: Next route
 * handlers, Hono, Bun, Deno; `asNodeListener` for node:http). It answers 401 to a request whose
 * signature does not match or whose timestamp is older than `toleranceSeconds`, 405/400 to anything
 * but a JSON POST of a replay request, and otherwise calls `handler` and answers with its result. A
 * handler that throws gets a 500, which Agent Coach retries.
 */
export function serveReplay(handler: (request: ReplayRequest) => Promise<ReplayAnswer> | ReplayAnswer, { secret, toleranceSeconds = 300 }: { secret: string; toleranceSeconds?: number }): (request: Request) => Promise<Response> {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  return async (request) => {
    if (request.method !== "POST") return json(405, { error: "POST only" });
    const body = await request.text();
    if (!verifyWebhook({ headers: request.headers, body, secret, toleranceSeconds })) return json(401, { error: "bad signature or timestamp" });
    let parsed: ReplayRequest;
    try {
      parsed = JSON.parse(body) as ReplayRequest;
    } catch {
      return json(400, { error: "the body is not JSON" });
    }
    if (parsed?.type !== "replay.run" || typeof parsed.directives !== "string" || typeof parsed.inputs !== "object") return json(400, { error: "not a replay request" });
    try {
      return json(200, await handler(parsed));
    } catch (e) {
      return json(500, { error: e instanceof Error ? e.message : String(e) });
    }
  };
}

type NodeRequest = AsyncIterable<Uint8Array> & { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };
type NodeResponse = { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown };

/** A fetch-style handler as a node:http listener: `http.createServer(asNodeListener(serveReplay(…)))`. */
export function asNodeListener(handler: (request: Request) => Promise<Response>): (req: NodeRequest, res: NodeResponse) => void {
  return (req, res) => {
    void (async () => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      const method = req.method ?? "GET";
      const response = await handler(new Request(new URL(req.url ?? "/", "http://localhost"), { method, headers, body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks) }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    })().catch(() => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "the replay handler failed" }));
    });
  };
}
