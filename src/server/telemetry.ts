import { trace, type TracerProvider } from "@opentelemetry/api";
import { PrismaInstrumentation } from "@prisma/instrumentation";
import { registerOTel } from "@vercel/otel";
import type { Env } from "@/env";

// OpenTelemetry traces, on when a collector is named (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), exported over OTLP/HTTP by @vercel/otel's exporter
// (protobuf, or JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json). What is traced:
//   - every request (Next.js's own spans), outgoing HTTP calls (model providers, SMTP is not HTTP);
//   - every Prisma query (@prisma/instrumentation);
//   - every model call (the AI SDK's spans, src/ai/telemetry.ts: role, template and version as
//     attributes; prompts and answers only with OTEL_RECORD_MODEL_CONTENT=1);
//   - each workflow run of the local executor and each task-agent wake (their own spans).
// Off, nothing is registered: the OpenTelemetry API's no-op tracer costs next to nothing.

export type TelemetryEnv = Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" | "OTEL_SERVICE_NAME">;

export const tracingConfigured = (e: TelemetryEnv) => Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

const g = globalThis as unknown as { agentCoachTelemetry?: boolean };

/** Registers the tracer provider once per process; false when no collector is configured. */
export function startTelemetry(e: TelemetryEnv): boolean {
  if (!tracingConfigured(e)) return false;
  if (g.agentCoachTelemetry) return true;
  g.agentCoachTelemetry = true;
  registerOTel({ serviceName: e.OTEL_SERVICE_NAME, instrumentations: ["fetch", new PrismaInstrumentation()] });
  return true;
}

type Flushable = TracerProvider & { forceFlush?: () => Promise<void>; getDelegate?: () => TracerProvider };

/** Sends the spans still buffered (the batch processor exports every few seconds): at shutdown, in tests. */
export async function flushTelemetry(): Promise<void> {
  const provider = trace.getTracerProvider() as Flushable;
  const target = (provider.getDelegate?.() ?? provider) as Flushable;
  await target.forceFlush?.();
}
