import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A tiny OpenTelemetry collector: an OTLP/HTTP receiver (POST /v1/traces) that keeps the spans it is
// sent, so a test can check what the app's exporter really put on the wire. It speaks the JSON
// encoding of OTLP (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`: ExportTraceServiceRequest, attribute
// values as { stringValue | intValue | doubleValue | boolValue | arrayValue }); a protobuf body is
// answered 415 and counted, so a test that forgets the protocol fails loudly instead of seeing no spans.

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values: AnyValue[] } };
type WireSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind?: number; attributes?: { key: string; value: AnyValue }[]; status?: { code?: number; message?: string } };
type ExportRequest = { resourceSpans?: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans?: { scope?: { name?: string }; spans?: WireSpan[] }[] }[] };

export type CollectedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  scope: string;
  service: string | null;
  attributes: Record<string, string | number | boolean | unknown[]>;
  status: { code: number; message?: string };
};

const valueOf = (v: AnyValue): string | number | boolean | unknown[] => {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.arrayValue) return v.arrayValue.values.map(valueOf);
  return "";
};
const attributesOf = (list: { key: string; value: AnyValue }[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

export type OtlpCollector = {
  endpoint: string;
  spans: CollectedSpan[];
  /** Requests refused because they were not OTLP/JSON. */
  refused: number;
  close(): Promise<void>;
};

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const state = { refused: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.writeHead(404).end();
        return;
      }
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
        state.refused++;
        res.writeHead(415, { "content-type": "application/json" }).end(JSON.stringify({ message: "this stub reads OTLP/JSON only" }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ExportRequest;
      for (const rs of body.resourceSpans ?? []) {
        const service = attributesOf(rs.resource?.attributes)["service.name"];
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || null, name: s.name, scope: ss.scope?.name ?? "",
              service: typeof service === "string" ? service : null, attributes: attributesOf(s.attributes), status: { code: s.status?.code ?? 0, message: s.status?.message },
            });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    get refused() {
      return state.refused;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
