import { z } from "zod";

// Validated configuration. An empty string counts as unset, and every default makes the
// embedded mode (`npm run dev` with nothing configured) work. See README "Configuration".

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const DATABASE_URL_UNSET = "postgresql://DATABASE_URL-is-not-set@127.0.0.1:1/start-with-npm-run-dev";

export const AI_PROVIDERS = ["openai", "anthropic", "google", "openai-compatible"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The key variable each hosted provider's own docs use; AI_API_KEY wins when both are set. */
export const AI_PROVIDER_KEY_VARS = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
} as const satisfies Partial<Record<AiProvider, string>>;

type AiConfig = Partial<Record<"AI_PROVIDER" | "AI_API_KEY" | "AI_BASE_URL" | "AI_MODEL" | (typeof AI_PROVIDER_KEY_VARS)[keyof typeof AI_PROVIDER_KEY_VARS], string>>;

/**
 * Combinations zod cannot see field by field. Checked here so a bad setup stops `npm start`
 * with one readable message, and again by createRegistry for hand-built configs (tests).
 */
export function aiConfigProblems(c: AiConfig): { key: string; message: string }[] {
  const provider = c.AI_PROVIDER as AiProvider | undefined;
  if (!provider) return [];
  if (provider === "openai-compatible") {
    return [
      ...(c.AI_BASE_URL ? [] : [{ key: "AI_BASE_URL", message: "AI_PROVIDER=openai-compatible needs AI_BASE_URL (e.g. http://127.0.0.1:11434/v1 for Ollama)" }]),
      // No default model makes sense for an arbitrary server; a wrong guess would only fail at the first call.
      ...(c.AI_MODEL ? [] : [{ key: "AI_MODEL", message: "AI_PROVIDER=openai-compatible needs AI_MODEL (a model your server serves, e.g. llama3.1)" }]),
    ];
  }
  const keyVar = AI_PROVIDER_KEY_VARS[provider];
  return c.AI_API_KEY || c[keyVar] ? [] : [{ key: "AI_API_KEY", message: `AI_PROVIDER=${provider} needs AI_API_KEY (or ${keyVar})` }];
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // `npm run dev` / `npm start` always set it: to DATABASE_URL, or to the embedded PostgreSQL they
  // start. A server started some other way without it fails its first query with this URL's
  // name saying why (never a silent fallback to whatever listens on the default port).
  DATABASE_URL: optional.transform((v) => v ?? DATABASE_URL_UNSET),
  // Connections the app's Prisma client may hold per process (the job queue keeps 4 more of its
  // own). Sum over every app process must stay under the server's max_connections: README "Production".
  DATABASE_POOL_MAX: optional.pipe(z.string().regex(/^\d+$/, "DATABASE_POOL_MAX must be a whole number").transform(Number).pipe(z.number().min(1, { error: "DATABASE_POOL_MAX must be at least 1" }).max(500, { error: "DATABASE_POOL_MAX must be at most 500" })).optional()).transform((v) => v ?? 10),
  // How long a page's cached read model (dashboard health, the template tabs' figures) is fresh (ms;
  // default 2000, 0 turns the cache off); for as long again it is served while a newer one loads. A
  // person's own changes show at once whatever this is (src/server/read-cache.ts); background work
  // (runs, classification) within twice it.
  READ_CACHE_TTL_MS: optional.pipe(z.string().regex(/^\d+$/, "READ_CACHE_TTL_MS must be a whole number of milliseconds").transform(Number).pipe(z.number().max(600_000, { error: "READ_CACHE_TTL_MS must be at most 600000 (10 minutes)" })).optional()).transform((v) => v ?? 2_000),
  APP_URL: optional.transform((v) => v ?? process.env.AUTH_URL ?? "http://localhost:3000"),
  // Set by `npm run dev` itself: the file where the launcher records the demo seed's progress while
  // the server already answers (the sign-in page says when the demo workspace is not ready yet).
  DEMO_SEED_STATUS_FILE: optional,
  AUTH_SECRET: optional,
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be smtp:// or smtps://" }).optional()),
  EMAIL_FROM: optional.transform((v) => v ?? "Agent Coach <no-reply@agent-coach.local>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Requests per API key per one-minute window on /api/v1 (429 with Retry-After above it).
  API_RATE_LIMIT_PER_MINUTE: optional
    .transform((v) => Number(v ?? "120"))
    .pipe(z.number({ error: "API_RATE_LIMIT_PER_MINUTE must be a number" }).int().min(1, { error: "API_RATE_LIMIT_PER_MINUTE must be at least 1" }).max(1_000_000)),
  // Jobs (src/inngest/README.md). Any of the three Inngest variables set → the Inngest driver; all
  // unset → the local executor inside each Next.js server process. INNGEST_DEV is "1"/"true" (local dev
  // server) or the dev server's URL; "0"/"false" count as unset. The SDK also reads them itself.
  INNGEST_DEV: optional.transform((v) => (v === undefined || /^(0|false)$/i.test(v) ? undefined : v)),
  INNGEST_EVENT_KEY: optional,
  INNGEST_SIGNING_KEY: optional,
  // A self-hosted Inngest server (`inngest start`), e.g. http://inngest:8288: events, syncs and
  // API calls go there. Unset with keys set: Inngest Cloud (the SDK's default in v4).
  INNGEST_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "INNGEST_BASE_URL must be an http(s) URL" }).optional()),
  // The origin Inngest calls the app at (/api/inngest), when it differs from APP_URL — e.g. the
  // app's address on the internal network, http://app:3000. Default: APP_URL.
  INNGEST_SERVE_ORIGIN: optional.pipe(z.url({ protocol: /^https?$/, error: "INNGEST_SERVE_ORIGIN must be an http(s) URL" }).optional()),
  // "0"/"false": this process sends events but does not work the queue (other processes run them).
  JOBS_EMBEDDED: optional.transform((v) => v === undefined || !/^(0|false)$/i.test(v)),
  // Models (src/ai/models.ts). AI_PROVIDER unset: the built-in deterministic model, no network.
  AI_PROVIDER: optional.pipe(z.enum(AI_PROVIDERS, { error: `AI_PROVIDER must be one of: ${AI_PROVIDERS.join(", ")}` }).optional()),
  AI_API_KEY: optional,
  OPENAI_API_KEY: optional,
  ANTHROPIC_API_KEY: optional,
  GOOGLE_GENERATIVE_AI_API_KEY: optional,
  AI_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "AI_BASE_URL must be an http(s) URL" }).optional()),
  AI_MODEL: optional,
  AI_MODEL_TASK: optional,
  AI_MODEL_EVALUATOR: optional,
  AI_MODEL_REFINER: optional,
  AI_MODEL_CLASSIFIER: optional,
  AI_MODEL_IMPROVER: optional,
  // openai-compatible only: "1"/"true" when the server accepts response_format json_schema (vLLM,
  // recent Ollama, LM Studio): structured output then sends the schema, not only json_object.
  // Limits of every model call (src/ai/limits.ts): seconds per attempt and output tokens; unset:
  // the per-role defaults there.
  AI_TIMEOUT_SECONDS: optional.pipe(z.string().regex(/^\d+$/, "AI_TIMEOUT_SECONDS must be a whole number of seconds").transform(Number).pipe(z.number().min(1).max(3600)).optional()),
  // How long a model call may receive nothing (src/ai/stream-guard.ts); seconds, decimals allowed; unset: 30.
  AI_IDLE_TIMEOUT_SECONDS: optional.pipe(z.string().regex(/^\d+(\.\d+)?$/, "AI_IDLE_TIMEOUT_SECONDS must be a number of seconds").transform(Number).pipe(z.number().min(0.1).max(3600)).optional()),
  AI_MAX_OUTPUT_TOKENS: optional.pipe(z.string().regex(/^\d+$/, "AI_MAX_OUTPUT_TOKENS must be a whole number").transform(Number).pipe(z.number().min(64).max(200_000)).optional()),
  // The built-in model's pause between two stream parts (ms; default 10): a slower answer to watch
  // stream (the e2e of a reload while the improver answers). No effect on a hosted provider.
  AI_BUILTIN_STREAM_DELAY_MS: optional.pipe(z.string().regex(/^\d+$/, "AI_BUILTIN_STREAM_DELAY_MS must be a whole number of milliseconds").transform(Number).pipe(z.number().max(1000)).optional()),
  // A file that holds the built-in model's answers while it exists: each stream emits at most as
  // many parts as the number in it, then waits until it is removed (the same e2e holds an answer in
  // the middle however slow the machine). No effect on a hosted provider.
  AI_BUILTIN_STREAM_HOLD_FILE: optional,
  // openai only: "chat" calls /chat/completions instead of the Responses API (a gateway or proxy
  // that speaks only chat completions; for Ollama, vLLM or LM Studio use openai-compatible).
  AI_OPENAI_API: optional.pipe(z.enum(["responses", "chat"], { error: "AI_OPENAI_API must be responses or chat" }).optional()),
  AI_STRUCTURED_OUTPUTS: optional.transform((v) => v !== undefined && /^(1|true)$/i.test(v)),
  // Estimated cost on the model-usage page (src/ai/pricing.ts): US dollars per million input and
  // output tokens for every model of the configured provider, overriding the built-in price list.
  AI_PRICE_INPUT_PER_MTOK: optional.pipe(z.string().regex(/^\d+(\.\d+)?$/, "AI_PRICE_INPUT_PER_MTOK must be a number of dollars, e.g. 0.15").transform(Number).optional()),
  AI_PRICE_OUTPUT_PER_MTOK: optional.pipe(z.string().regex(/^\d+(\.\d+)?$/, "AI_PRICE_OUTPUT_PER_MTOK must be a number of dollars, e.g. 0.60").transform(Number).optional()),
  // Traces (src/server/telemetry.ts): set either endpoint to export OpenTelemetry traces over
  // OTLP/HTTP; unset, nothing is traced. The OpenTelemetry SDK reads these itself too.
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (the collector's OTLP/HTTP address, e.g. http://collector:4318)" }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL (e.g. http://collector:4318/v1/traces)" }).optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: optional.pipe(z.enum(["http/protobuf", "http/json"], { error: "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json" }).optional()),
  OTEL_EXPORTER_OTLP_HEADERS: optional,
  OTEL_SERVICE_NAME: optional.transform((v) => v ?? "agent-coach"),
  // "1": model-call spans carry the prompt and the answer (off by default: they hold users' data).
  OTEL_RECORD_MODEL_CONTENT: optional.transform((v) => v !== undefined && /^(1|true)$/i.test(v)),
  // "1": allow a plain-http APP_URL on another host than this machine in production (not recommended).
  ALLOW_INSECURE_HTTP: optional.transform((v) => v !== undefined && /^(1|true)$/i.test(v)),
  // Outgoing webhooks (features/webhooks) to loopback, private or link-local addresses: always
  // allowed outside production; in production only with this set (a receiver on the same network).
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: optional.transform((v) => v !== undefined && /^(1|true)$/i.test(v)),
}).superRefine((v, ctx) => {
  if (v.NODE_ENV === "production" && insecureAppUrl(v.APP_URL) && !v.ALLOW_INSECURE_HTTP) {
    ctx.addIssue({
      code: "custom",
      path: ["APP_URL"],
      message: `${v.APP_URL} is plain http: in production the app is served over https (the session cookie is then Secure). Set APP_URL to the https:// address people use (TLS may end at your proxy), or ALLOW_INSECURE_HTTP=1 to run without it.`,
    });
  }
  // A self-hosted server authenticates both ways with the keys it was started with.
  if (v.INNGEST_BASE_URL && !v.INNGEST_DEV && !(v.INNGEST_EVENT_KEY && v.INNGEST_SIGNING_KEY)) {
    ctx.addIssue({ code: "custom", path: ["INNGEST_BASE_URL"], message: "INNGEST_BASE_URL (a self-hosted Inngest server) needs INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY, the keys that server was started with" });
  }
  for (const p of aiConfigProblems(v)) ctx.addIssue({ code: "custom", path: [p.key], message: p.message });
});

/** http:// on any host but this machine's own (localhost is a local trial, not a deployment). */
function insecureAppUrl(appUrl: string): boolean {
  try {
    const url = new URL(appUrl);
    return url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema>;

/** Every variable this file reads (.env.example lists each one; a test checks it). */
export const ENV_KEYS = Object.keys(schema.shape) as (keyof Env)[];

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
