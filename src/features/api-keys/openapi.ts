import { z } from "zod";
import { apiEndpoints, OPENAPI_PATH, type ApiEndpoint } from "./endpoints";
import { ApiErrorBody } from "./schemas";
import { IDEMPOTENCY_TTL_MS, MAX_BODY_BYTES } from "./limits";

// The OpenAPI 3.1 document of /api/v1, generated from the endpoint registry and its zod schemas
// (OpenAPI 3.1 schemas are JSON Schema 2020-12, zod's default target). Pure: no server imports.

type JsonSchema = Record<string, unknown>;

const IDEMPOTENCY_TTL_HOURS = IDEMPOTENCY_TTL_MS / 3_600_000;

/** Requests are documented as clients send them (before defaults and transforms). */
function toSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    // A default computed per request (a checklist item's random id) is not a documented value: the
    // document would differ each time it is built.
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod?: { def?: object } })._zod?.def;
      if (def && typeof Object.getOwnPropertyDescriptor(def, "defaultValue")?.get === "function") delete (jsonSchema as { default?: unknown }).default;
    },
  }) as JsonSchema;
  delete json.$schema; // the document's dialect (JSON Schema 2020-12) applies to every schema
  return json;
}

const pascal = (id: string) => id[0].toUpperCase() + id.slice(1);
const ref = (group: string, name: string) => ({ $ref: `#/components/${group}/${name}` });

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ref("schemas", "Error") } },
});

const errorResponses = {
  BadRequest: errorResponse("Malformed JSON (or a malformed OTLP export), an empty body or a bad Idempotency-Key header."),
  Unauthorized: errorResponse("Missing, unknown or revoked API key."),
  Forbidden: errorResponse("The key lacks the scope this operation needs."),
  NotFound: errorResponse("No such resource in the key's workspace."),
  Conflict: errorResponse("A conflicting write, or a request with the same Idempotency-Key is still running."),
  PayloadTooLarge: errorResponse(`The body exceeds its limit (${MAX_BODY_BYTES} bytes of JSON; the OTLP ingest: 4 MB as sent, 16 MB unpacked).`),
  UnsupportedMediaType: errorResponse("The body's Content-Type (or Content-Encoding) is not one this endpoint reads."),
  ValidationFailed: errorResponse("The body failed validation (see fieldErrors), or the Idempotency-Key was used for a different request."),
  RateLimited: errorResponse("Too many requests for this key in the current minute.", {
    "Retry-After": { description: "Seconds until the next window opens.", schema: { type: "integer", minimum: 1 } },
  }),
  Internal: errorResponse("Unexpected error; nothing was written."),
};

function operation(operationId: string, e: ApiEndpoint, schemas: Record<string, JsonSchema>) {
  const name = pascal(operationId);
  schemas[`${name}Response`] = toSchema(e.response);
  if (e.input) schemas[`${name}Request`] = toSchema(e.input);
  const pathParams = e.params
    ? Object.keys(e.params.shape).map((param) => ({ name: param, in: "path", required: true, schema: toSchema(e.params!.shape[param] as z.ZodType) }))
    : [];
  const queryParams = e.query
    ? Object.entries(e.query.shape).map(([param, schema]) => {
        const s = schema as z.ZodType;
        return { name: param, in: "query", required: !s.safeParse(undefined).success, ...(s.description ? { description: s.description } : {}), schema: toSchema(s) };
      })
    : [];
  return {
    operationId,
    summary: e.summary,
    tags: [e.tag],
    description: `Requires an API key with the \`${e.scope}\` scope.`,
    security: [{ bearerAuth: [] }],
    parameters: [...pathParams, ...queryParams, ...(e.idempotent ? [ref("parameters", "IdempotencyKey")] : []), ...(e.cacheable ? [ref("parameters", "IfNoneMatch")] : [])],
    ...(e.input ? { requestBody: { required: true, content: { "application/json": { schema: ref("schemas", `${name}Request`) } } } } : {}),
    ...(e.rawBody
      ? { requestBody: { required: true, description: e.rawBody.description, content: Object.fromEntries(e.rawBody.contentTypes.map((t) => [t, { schema: t.endsWith("json") ? { type: "object" } : { type: "string", format: "binary" } }])) } }
      : {}),
    responses: {
      [e.status]: {
        description: e.status === 201 ? "Created." : "OK.",
        ...(e.idempotent ? { headers: { "Idempotent-Replayed": ref("headers", "IdempotentReplayed") } } : {}),
        ...(e.cacheable ? { headers: { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "CacheControl") } } : {}),
        content: { "application/json": { schema: ref("schemas", `${name}Response`) } },
      },
      ...(e.cacheable ? { 304: { description: "Not modified: the If-None-Match header named the current ETag.", headers: { ETag: ref("headers", "ETag") } } } : {}),
      ...(e.input || e.query || e.rawBody ? { 400: ref("responses", "BadRequest") } : {}),
      401: ref("responses", "Unauthorized"),
      403: ref("responses", "Forbidden"),
      ...(e.input || e.params ? { 404: ref("responses", "NotFound") } : {}),
      ...(e.method === "POST" ? { 409: ref("responses", "Conflict") } : {}),
      ...(e.input ? { 413: ref("responses", "PayloadTooLarge"), 422: ref("responses", "ValidationFailed") } : {}),
      ...(e.rawBody ? { 413: ref("responses", "PayloadTooLarge"), 415: ref("responses", "UnsupportedMediaType") } : {}),
      429: ref("responses", "RateLimited"),
      500: ref("responses", "Internal"),
    },
  };
}

export function buildOpenApiDocument({ serverUrl }: { serverUrl: string }) {
  const schemas: Record<string, JsonSchema> = { Error: toSchema(ApiErrorBody) };
  const paths: Record<string, Record<string, unknown>> = {
    [OPENAPI_PATH]: {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This document",
        tags: ["Meta"],
        security: [],
        responses: { 200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  };
  for (const [operationId, endpoint] of Object.entries(apiEndpoints) as [string, ApiEndpoint][]) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(operationId, endpoint, schemas);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Agent Coach ingestion API",
      version: "1.0.0",
      description: [
        "Feed agents' runs, observations, reports and proposals into a workspace, and read templates' active directives.",
        "Authenticate with a workspace API key (`Authorization: Bearer ac_live_…`), created by an admin under Settings → API keys.",
        "Every request is limited per key per minute (429 with Retry-After). Writes accept an `Idempotency-Key` header:",
        `a retry with the same key and body within ${IDEMPOTENCY_TTL_HOURS} h returns the first response (header Idempotent-Replayed: true) and writes nothing.`,
        "Errors are `{ error: { code, message, fieldErrors? } }`.",
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "A workspace API key: ac_live_ followed by 43 characters." },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: `Makes a write safe to retry: the same key with the same request within ${IDEMPOTENCY_TTL_HOURS} h replays the first response; with a different request it is refused (422).`,
          schema: { type: "string", minLength: 1, maxLength: 200 },
        },
        IfNoneMatch: { name: "If-None-Match", in: "header", required: false, description: "The ETag of the copy you hold: 304 with no body while it is current.", schema: { type: "string" } },
      },
      headers: {
        IdempotentReplayed: { description: "`true` when this response is a replay of an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
        ETag: { description: "A tag of this exact answer: send it back as If-None-Match.", schema: { type: "string" } },
        CacheControl: { description: "`private, no-cache`: keep the copy, ask again (If-None-Match) before each use.", schema: { type: "string" } },
      },
      responses: errorResponses,
      schemas,
    },
  };
}
