import { env } from "@/env";

// Structured one-line JSON logs on stdout/stderr; enough for a single machine and for any log
// shipper. Never log secrets or tokens.
const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields });
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
