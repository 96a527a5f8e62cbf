// Limits of the REST API, shared by the server code that enforces them and the OpenAPI document
// that states them. The per-minute request limit is configuration (env API_RATE_LIMIT_PER_MINUTE).

/** Request bodies above this are refused (413) before parsing. */
export const MAX_BODY_BYTES = 1_000_000;
/** How long a stored response answers a retried Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Fixed rate-limit window. */
export const RATE_WINDOW_MS = 60_000;
/** lastUsedAt is informational; refreshing it at most once a minute keeps reads from turning into writes. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** List endpoints (GET /api/v1/agents): at most this many rows per page, and this many by default. */
export const API_LIST_MAX_LIMIT = 100;
export const API_LIST_DEFAULT_LIMIT = 50;
