import { env } from "@/env";

// Structured one-line JSON logs on stdout/stderr; enough for a single machine and for any log
// shipper. Never log secrets or tokens; what slips in anyway is masked (redactSecrets).
const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

/**
 * Secrets that reach a log line anyway (a provider echoing the API key in an error body, a header
 * copied into a message) are masked: API keys (`sk-…`, Google's `AIza…`), bearer tokens, and the
 * values of JSON fields named like a key, token, secret, password or authorization.
 */
export function redactSecrets(line: string): string {
  return line
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, "$1-[redacted]")
    .replace(/\bAIza[0-9A-Za-z_-]{20,}/g, "AIza[redacted]")
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]")
    .replace(/(\\?"(?:api[_-]?key|x-api-key|authorization|access[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret|password)\\?"\s*:\s*\\?")([^"\\]{4,})/gi, "$1[redacted]");
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  const line = redactSecrets(JSON.stringify({ t: new Date().toISOString(), level, message, ...fields }));
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

export function errorFields(e: unknown): Record<string, unknown> {
  return e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) };
}
