import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

// Spans of our own around units of work (a workflow run, a wake), so a trace shows the model calls
// and queries inside them. The OpenTelemetry API only: without a registered provider
// (src/server/telemetry.ts) these are no-ops.

const tracer = () => trace.getTracer("agent-coach");

/** Runs `fn` inside an active span; an exception marks the span failed and is rethrown. */
export function withSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (e) {
      span.recordException(e instanceof Error ? e : String(e));
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The active trace's id, for log lines; undefined outside a sampled span. */
export function activeTraceId(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && ctx.traceId !== "00000000000000000000000000000000" ? ctx.traceId : undefined;
}
