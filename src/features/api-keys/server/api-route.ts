import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { env } from "@/env";
import { MAX_BODY_BYTES } from "../limits";
import { IdempotencyKeySchema, type ApiErrorCode, type ApiScope } from "../schemas";
import { assertApiScope, authenticateApiKey, type AuthenticatedApiKey } from "./authenticate-api-key";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashIdempotentRequest,
  releaseIdempotencyKey,
} from "./idempotency";
import { consumeRateLimit } from "./rate-limit";
import { errorFields, logger } from "@/server/logger";
import { runWithRequestId } from "@/server/request-context";
import { requestIdOf } from "@/lib/request-id";
import { toErrorBody, zodFieldErrors } from "@/server/errors";
import { safeParseInput } from "@/server/input";
import { inputProblem } from "@/lib/input-rules";
import { isJsonContentType, readCappedText } from "@/lib/request-body";
import type { Scope } from "@/server/scope";

// The one wrapper of every /api/v1 route: API key (401) → rate limit (429) → scope (403) → path
// params (404) → JSON body (413/400) → zod (422) → idempotency claim → handler → JSON. The handler
// gets a Scope bound to the key's workspace and no user, so the services scope every query by it.
// Every failure is `{ error: { code, message, fieldErrors? } }`.

export type ApiContext<P, Q = undefined> = {
  /** The parsed query string (GET endpoints with a `query` schema). */
  query: Q;
  /** `{ workspaceId: key.workspaceId, actorUserId: null }`: what every service call is scoped by. */
  scope: Scope;
  apiKey: AuthenticatedApiKey;
  params: P;
  request: Request;
};

export type ApiRouteConfig<I extends z.ZodType, P extends z.ZodType, R extends z.ZodType, Q extends z.ZodType = z.ZodUndefined> = {
  scope: ApiScope;
  input?: I;
  params?: P;
  /** Query parameters (strings; one value each): a failure is a 400 with fieldErrors. */
  query?: Q;
  /** Types the handler's result (and documents it in OpenAPI). */
  response?: R;
  status?: 200 | 201;
  /** Honour the Idempotency-Key header (writes). */
  idempotent?: boolean;
  /** Answer with an ETag (of the exact body) and `Cache-Control: private, no-cache`; If-None-Match with it gets 304 and no body. */
  cacheable?: boolean;
};

/** What Next passes as the second argument; optional so tests can call static routes with the request alone. */
type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: { fieldErrors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

// Prisma hands out BigInt for counter columns and JSON.stringify throws on it; routes shape their
// bodies without them, and this keeps a stray one from turning a committed write into a 500.
const withoutBigInt = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** If-None-Match: `*`, or a list of tags (weak ones compared weakly, as RFC 9110 says for GET). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function jsonResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

function failureResponse(e: unknown): Response {
  const f = toFailure(e);
  const body = { error: { code: f.code, message: f.message, ...(f.extra.fieldErrors ? { fieldErrors: f.extra.fieldErrors } : {}) } };
  return jsonResponse(f.status, JSON.stringify(body), f.extra.headers);
}

function toFailure(e: unknown): ApiFailure {
  if (e instanceof ApiFailure) return e;
  if (e instanceof z.ZodError) return new ApiFailure(422, "VALIDATION_FAILED", "Some fields are invalid.", { fieldErrors: zodFieldErrors(e) });
  // AppError keeps its status; anything else is logged and answered with a generic 500.
  const body = toErrorBody(e);
  const headers: Record<string, string> | undefined = body.status === 401 ? { "WWW-Authenticate": 'Bearer realm="agent-coach"' } : undefined;
  return new ApiFailure(body.status, body.code, body.message, { fieldErrors: body.fieldErrors, headers });
}

async function readJsonBody(request: Request): Promise<{ raw: string; json: unknown }> {
  const tooLarge = () => new ApiFailure(413, "PAYLOAD_TOO_LARGE", `The request body is limited to ${MAX_BODY_BYTES} bytes.`);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const raw = await readCappedText(request, MAX_BODY_BYTES);
  if (raw === null) throw tooLarge();
  if (raw.trim() === "") throw new ApiFailure(400, "BAD_REQUEST", "The request body must be a JSON object.");
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiFailure(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  try {
    return { raw, json: JSON.parse(raw) };
  } catch {
    throw new ApiFailure(400, "BAD_REQUEST", "The request body is not valid JSON.");
  }
}

function readIdempotencyKey(request: Request): string | null {
  const header = request.headers.get("idempotency-key");
  if (header === null) return null;
  const parsed = IdempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new ApiFailure(400, "BAD_REQUEST", parsed.error.issues[0].message, { fieldErrors: { "Idempotency-Key": parsed.error.issues.map((i) => i.message) } });
  return parsed.data;
}

/** The query string as one value per name: a name given twice is refused, not silently merged. */
function readQuery(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (Object.hasOwn(query, name)) throw new ApiFailure(400, "BAD_REQUEST", `The query parameter ${name} is given more than once.`, { fieldErrors: { [name]: ["Give it once."] } });
    query[name] = value;
  }
  return query;
}

export function apiRoute<I extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined, R extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUndefined>(
  config: ApiRouteConfig<I, P, R, Q>,
  handler: (input: z.output<I>, ctx: ApiContext<z.output<P>, z.output<Q>>) => Promise<z.input<R> | Response>,
) {
  const handle = async (request: Request, context?: RouteContext): Promise<Response> => {
    let claim: { apiKeyId: string; key: string } | null = null;
    try {
      const apiKey = await authenticateApiKey({ authorization: request.headers.get("authorization") });
      // Counted before the scope check: every authenticated request costs the key one.
      const limit = env.API_RATE_LIMIT_PER_MINUTE;
      const rate = await consumeRateLimit({ apiKeyId: apiKey.id, limit });
      if (!rate.allowed) {
        throw new ApiFailure(429, "RATE_LIMITED", `Rate limit of ${limit} requests per minute exceeded. Retry in ${rate.retryAfterSeconds} s.`, {
          headers: { "Retry-After": String(rate.retryAfterSeconds) },
        });
      }
      assertApiScope(apiKey, config.scope);

      let params = undefined as z.output<P>;
      if (config.params) {
        const rawParams = await context?.params;
        const parsed = inputProblem(rawParams) ? null : config.params.safeParse(rawParams);
        if (!parsed?.success) throw new ApiFailure(404, "NOT_FOUND", "Not found.");
        params = parsed.data;
      }

      let query = undefined as z.output<Q>;
      if (config.query) {
        const parsed = safeParseInput(config.query, readQuery(request));
        if (!parsed.success) throw new ApiFailure(400, "BAD_REQUEST", "Some query parameters are invalid.", { fieldErrors: zodFieldErrors(parsed.error) });
        query = parsed.data;
      }

      const idempotencyKey = config.idempotent ? readIdempotencyKey(request) : null;
      let input = undefined as z.output<I>;
      let raw = "";
      if (config.input) {
        const body = await readJsonBody(request);
        raw = body.raw;
        const parsed = safeParseInput(config.input, body.json);
        if (!parsed.success) throw parsed.error;
        input = parsed.data;
      }

      if (idempotencyKey) {
        const requestHash = hashIdempotentRequest({ method: request.method, path: new URL(request.url).pathname, body: raw });
        const found = await claimIdempotencyKey({ apiKeyId: apiKey.id, key: idempotencyKey, requestHash });
        switch (found.kind) {
          case "replay":
            return jsonResponse(found.status, JSON.stringify(found.body), { "Idempotent-Replayed": "true" });
          case "mismatch":
            throw new ApiFailure(422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different request. Use a new key for a new request.");
          case "inProgress":
            throw new ApiFailure(409, "CONFLICT", "A request with this Idempotency-Key is still being processed. Retry shortly.", { headers: { "Retry-After": "1" } });
          case "claimed":
            claim = { apiKeyId: apiKey.id, key: idempotencyKey };
            break;
          default:
            found satisfies never;
        }
      }

      const scope: Scope = { workspaceId: apiKey.workspaceId, actorUserId: null };
      const result = await handler(input, { scope, apiKey, params, query, request });
      // A handler that answers in another format than JSON (the OTLP ingest's protobuf) returns its Response.
      if (result instanceof Response) return result;
      const text = JSON.stringify(result, withoutBigInt);
      const status = config.status ?? 200;
      if (claim) {
        const done = claim;
        claim = null; // the write is committed: from here on the key must never be released
        await completeIdempotencyKey({ ...done, status, body: JSON.parse(text) }).catch((e) =>
          // The response is still right; a retry with this key gets 409 until the record expires.
          logger.error("idempotency record not stored", { apiKeyId: done.apiKeyId, ...errorFields(e) }),
        );
      }
      if (config.cacheable) {
        const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
        const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
        if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
        return jsonResponse(status, text, headers);
      }
      return jsonResponse(status, text);
    } catch (e) {
      if (claim) {
        const failed = claim;
        await releaseIdempotencyKey(failed).catch((err) => logger.error("idempotency claim not released", { apiKeyId: failed.apiKeyId, ...errorFields(err) }));
      }
      return failureResponse(e);
    }
  };
  // One access line per request; it and every other line of the request carry the request id (src/proxy.ts).
  return (request: Request, context?: RouteContext) =>
    runWithRequestId(requestIdOf(request.headers), async () => {
      const started = performance.now();
      const response = await handle(request, context);
      logger.info("api request", { method: request.method, path: new URL(request.url).pathname, status: response.status, ms: Math.round(performance.now() - started) });
      return response;
    });
}

/** For the few public, key-less endpoints (the OpenAPI document): same JSON and error shape. */
export function publicApiRoute(handler: () => unknown, options: { cacheControl?: string } = {}) {
  return async (): Promise<Response> => {
    try {
      const headers = options.cacheControl ? { "Cache-Control": options.cacheControl } : undefined;
      return jsonResponse(200, JSON.stringify(await handler(), withoutBigInt), headers);
    } catch (e) {
      return failureResponse(e);
    }
  };
}
