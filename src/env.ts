import { z } from "zod";

// Validated configuration. An empty string counts as unset, and every default makes the
// embedded mode (`npm run dev` with nothing configured) work. See README "Configuration".

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // Unset: the embedded Postgres that `npm run dev` starts (PGlite served on loopback).
  DATABASE_URL: optional.transform((v) => v ?? "postgresql://postgres@127.0.0.1:54322/postgres"),
  APP_URL: optional.transform((v) => v ?? process.env.AUTH_URL ?? "http://localhost:3000"),
  AUTH_SECRET: optional,
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be smtp:// or smtps://" }).optional()),
  EMAIL_FROM: optional.transform((v) => v ?? "Agent Coach <no-reply@agent-coach.local>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Requests per API key per one-minute window on /api/v1 (429 with Retry-After above it).
  API_RATE_LIMIT_PER_MINUTE: optional
    .transform((v) => Number(v ?? "120"))
    .pipe(z.number({ error: "API_RATE_LIMIT_PER_MINUTE must be a number" }).int().min(1, { error: "API_RATE_LIMIT_PER_MINUTE must be at least 1" }).max(1_000_000)),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = parseEnv(process.env);

/** The development mailbox (/dev/mailbox) exists only outside production. */
export const devMailboxEnabled = env.NODE_ENV !== "production";
