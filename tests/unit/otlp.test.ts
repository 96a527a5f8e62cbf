import { describe, expect, it } from "vitest";
import { decodeTraceExport, OtlpDecodeError, type OtlpSpan } from "@/features/otlp/decode";
import { runsFromSpans } from "@/features/otlp/spans-to-runs";

// Which spans are runs and which are model calls (the rules teams rely on, README of features/otlp),
// and the decoder's refusals. The real exporters' payloads: tests/integration/api/otlp.test.ts.

let n = 0;
const span = (fields: Partial<OtlpSpan> & { name: string }): OtlpSpan => ({
  traceId: "a".repeat(32), spanId: (++n).toString(16).padStart(16, "0"), parentSpanId: null, startNanos: 1_700_000_000_000_000_000n, endNanos: 1_700_000_002_500_000_000n,
  statusCode: 0, statusMessage: "", attributes: {}, resource: {}, exceptionMessage: null, ...fields,
});

describe("runsFromSpans", () => {
  it("a span naming its agent is a run; its AI SDK model calls are counted once (doGenerate, not the generateText total)", () => {
    const run = span({ name: "bot.run", attributes: { "agent_coach.agent_id": "ag_1", "agent_coach.template_version": 3, "agent_coach.reason": "scheduled" } });
    const gen = span({ name: "ai.generateText", parentSpanId: run.spanId, attributes: { "ai.usage.inputTokens": 300, "ai.usage.outputTokens": 30, "ai.model.id": "m-1" } });
    const calls = [1, 2].map(() => span({ name: "ai.generateText.doGenerate", parentSpanId: gen.spanId, attributes: { "ai.usage.inputTokens": 150, "ai.usage.outputTokens": 15, "ai.model.id": "m-1" } }));
    const tool = span({ name: "tool lookup", parentSpanId: gen.spanId, attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.usage.input_tokens": 999 } });
    const { runs, calls: modelCalls, ignored } = runsFromSpans([run, gen, ...calls, tool]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ agent: { id: "ag_1" }, versionNumber: 3, reason: "scheduled", durationMs: 2500, status: "succeeded", model: "m-1", spans: 5 });
    expect(modelCalls.map((c) => [c.inputTokens, c.outputTokens, c.runSpanId])).toEqual([[150, 15, run.spanId], [150, 15, run.spanId]]);
    expect(ignored).toBe(0);
  });

  it("the resource names the agent: root spans and agent invocations are runs, their children are not; nested runs fold into the outer one", () => {
    const resource = { "agent_coach.agent_external_id": "bot-7" };
    const root = span({ name: "handle ticket", resource });
    const child = span({ name: "db query", parentSpanId: root.spanId, resource });
    const invoke = span({ name: "invoke_agent triage", parentSpanId: root.spanId, resource, attributes: { "gen_ai.operation.name": "invoke_agent" } });
    const other = span({ name: "GET /health", traceId: "b".repeat(32) });
    const { runs, ignored } = runsFromSpans([root, child, invoke, other]);
    expect(runs.map((r) => [r.spanId, r.agent])).toEqual([[root.spanId, { externalId: "bot-7" }]]);
    expect(runs[0].spans).toBe(3);
    expect(ignored).toBe(1);
  });

  it("an error status is a failed run with the status message, else the exception's; GenAI and OpenInference calls count", () => {
    const failed = span({ name: "run", statusCode: 2, exceptionMessage: "boom", attributes: { "agent_coach.agent_id": "ag_2" } });
    const chat = span({ name: "chat gpt-4o", parentSpanId: failed.spanId, attributes: { "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 40, "gen_ai.usage.output_tokens": 4, "gen_ai.response.model": "gpt-4o" } });
    const llm = span({ name: "llm", parentSpanId: failed.spanId, attributes: { "llm.token_count.prompt": 10, "llm.token_count.completion": 1 } });
    const { runs, calls } = runsFromSpans([failed, chat, llm]);
    expect(runs[0]).toMatchObject({ status: "failed", error: "boom", model: "gpt-4o" });
    expect(calls.map((c) => c.inputTokens)).toEqual([40, 10]);
  });

  it("without model-call spans, the run span's own totals stand (the run keeps them as ownUsage)", () => {
    const run = span({ name: "run", attributes: { "agent_coach.agent_id": "ag_3", "gen_ai.operation.name": "invoke_agent", "gen_ai.usage.input_tokens": 70, "gen_ai.usage.output_tokens": 7 } });
    const { runs, calls } = runsFromSpans([run]);
    expect(calls).toEqual([]);
    expect(runs[0].ownUsage).toEqual({ input: 70, output: 7 });
  });

  it("a parent cycle in a malformed export ends the walk instead of looping", () => {
    const a = span({ name: "a", spanId: "000000000000000a", parentSpanId: "000000000000000b", attributes: { "agent_coach.agent_id": "x" } });
    const b = span({ name: "b", spanId: "000000000000000b", parentSpanId: "000000000000000a", attributes: { "agent_coach.agent_id": "x" } });
    expect(runsFromSpans([a, b]).runs.length).toBeLessThanOrEqual(2);
  });
});

describe("decodeTraceExport", () => {
  it("reads a hand-encoded protobuf export (ids, times, attributes of each value kind, status, the resource)", () => {
    const enc = new TextEncoder();
    const bytes = (...parts: (number | Uint8Array)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "number" ? [p] : [...p])));
    const varint = (v: number): number[] => (v < 0x80 ? [v] : [(v & 0x7f) | 0x80, ...varint(v >>> 7)]);
    const len = (field: number, body: Uint8Array) => bytes((field << 3) | 2, ...varint(body.length), body);
    const str = (field: number, s: string) => len(field, enc.encode(s));
    const kv = (key: string, value: Uint8Array) => len(1, bytes(str(1, key), len(2, value)));
    const fixed64 = (field: number, v: bigint) => bytes((field << 3) | 1, ...Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn)));
    const span = bytes(
      len(1, new Uint8Array(16).fill(0xab)), len(2, new Uint8Array(8).fill(0x01)), str(5, "run"),
      fixed64(7, 1_700_000_000_000_000_000n), fixed64(8, 1_700_000_001_000_000_000n),
      len(9, bytes(str(1, "agent_coach.agent_id"), len(2, str(1, "ag_9")))),
      len(9, bytes(str(1, "gen_ai.usage.input_tokens"), len(2, bytes(3 << 3, 42)))),
      len(9, bytes(str(1, "ok"), len(2, bytes(2 << 3, 1)))),
      len(15, bytes(str(2, "bad"), bytes(3 << 3, 2))),
    );
    const request = len(1, bytes(len(1, kv("service.name", str(1, "bot"))), len(2, len(2, span))));
    const [decoded] = decodeTraceExport(request, "protobuf");
    expect(decoded).toMatchObject({
      traceId: "ab".repeat(16), spanId: "01".repeat(8), parentSpanId: null, name: "run", statusCode: 2, statusMessage: "bad",
      attributes: { "agent_coach.agent_id": "ag_9", "gen_ai.usage.input_tokens": 42, ok: true }, resource: { "service.name": "bot" },
    });
    expect(decoded.endNanos - decoded.startNanos).toBe(1_000_000_000n);
  });

  it("refuses text the app never stores and sizes no span has: NUL bytes, 5,000-deep JSON, a 1 MB name, a name that is not a string", () => {
    const exportWith = (spanFields: object) => new TextEncoder().encode(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "a".repeat(32), spanId: "b".repeat(16), startTimeUnixNano: "1", endTimeUnixNano: "2", ...spanFields }] }] }] }));
    expect(() => decodeTraceExport(exportWith({ name: "a\u0000b" }), "json")).toThrow(/spans\.0\.name: Text may not contain NUL/);
    expect(() => decodeTraceExport(exportWith({ attributes: [{ key: "k", value: { stringValue: "x\u0000" } }] }), "json")).toThrow(/NUL/);
    const deep = new TextDecoder().decode(exportWith({ name: "__DEEP__" })).replace('"__DEEP__"', `${'{"d":'.repeat(5_000)}"x"${"}".repeat(5_000)}`);
    expect(() => decodeTraceExport(new TextEncoder().encode(deep), "json")).toThrow(/nested too deeply/);
    expect(() => decodeTraceExport(exportWith({ name: "n".repeat(1_100_000) }), "json")).toThrow(/name is longer than 2,048 characters/);
    expect(() => decodeTraceExport(exportWith({ name: 5 }), "json")).toThrow(/name must be a string/);
  });

  it("refuses what is not an export, with the reason", () => {
    expect(() => decodeTraceExport(new Uint8Array([0x0a, 0x05, 0x01]), "protobuf")).toThrow(OtlpDecodeError);
    expect(() => decodeTraceExport(new Uint8Array([0x0f]), "protobuf")).toThrow(/wire type/);
    expect(() => decodeTraceExport(new TextEncoder().encode("[1]"), "json")).toThrow(/ExportTraceServiceRequest/);
    expect(() => decodeTraceExport(new TextEncoder().encode(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "a".repeat(32), spanId: "b".repeat(16), startTimeUnixNano: "soon" }] }] }] })), "json")).toThrow(/startTimeUnixNano/);
  });
});
