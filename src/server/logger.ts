import pino from "pino";
import { env } from "@/env";
import { currentRequestId } from "./request-context";
import { activeTraceId } from "./tracing";

// Structured logs: one JSON object per line (pino), info and below on stdout, warnings and errors
// on stderr. Every line carries `t` (ISO time), `level`, `message`, the `requestId` of the request
// it belongs to (request-context.ts) and the `traceId` of the active span when tracing is on
// (telemetry.ts), so a line leads to its trace and the reverse. Never log secrets; what slips in
// anyway is masked on the way out (redactSecrets, on the whole line).

/**
 * Secrets that reach a log line anyway (a provider echoing the API key in an error body, a header
 * copied into a message) are masked: API keys (`sk-…`, Google's `AIza…`, our own `ac_live_…`),
 * bearer tokens, and the values of JSON fields named like a key, token, secret, password or
 * authorization.
 */
export function redactSecrets(line: string): string {
  return line
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, "$1-[redacted]")
    .replace(/\bAIza[0-9A-Za-z_-]{20,}/g, "AIza[redacted]")
    .replace(/\bac_live_[A-Za-z0-9_-]{8,}/g, "ac_live_[redacted]")
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]")
    .replace(/(\\?"(?:api[_-]?key|x-api-key|authorization|access[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret|password)\\?"\s*:\s*\\?")([^"\\]{4,})/gi, "$1[redacted]");
}

type Level = "debug" | "info" | "warn" | "error";

/** Where lines go; tests pass their own stream. */
export function createLogger(level: Level, stream?: pino.DestinationStream) {
  return pino(
    {
      level,
      messageKey: "message",
      timestamp: () => `,"t":"${new Date().toISOString()}"`,
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
      // Undefined values are left out of the line.
      mixin: () => ({ requestId: currentRequestId(), traceId: activeTraceId() }),
      hooks: { streamWrite: redactSecrets },
    },
    stream ?? pino.multistream([{ level: "debug", stream: process.stdout }, { level: "warn", stream: process.stderr }], { dedupe: true }),
  );
}

const root = createLogger(env.LOG_LEVEL);

export type Fields = Record<string, unknown>;
export type Logger = Record<Level, (message: string, fields?: Fields) => void>;

/** The app's logger: a message and flat fields, `logger.info("wake: run saved", { runId })`. */
export function wrap(base: pino.Logger): Logger {
  return {
    debug: (message, fields) => base.debug(fields ?? {}, message),
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error: (message, fields) => base.error(fields ?? {}, message),
  };
}

export const logger: Logger = wrap(root);

export function errorFields(e: unknown): Record<string, unknown> {
  return e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) };
}
