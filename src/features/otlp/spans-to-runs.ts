import type { AttributeValue, Attributes, OtlpSpan } from "./decode";

// Which spans of an export are runs of an agent, and what each run is: pure, the heart of the
// OpenTelemetry ingest. Documented for teams in the slice's README (the attributes to set).
//
// A span is a run when it names its agent — `agent_coach.agent_id` (the id here) or
// `agent_coach.agent_external_id` (the team's own id, registered with POST /api/v1/agents) — in
// its own attributes; or when its resource names the agent and the span is a root span or a GenAI
// agent invocation (`gen_ai.operation.name` = invoke_agent). A run span below another run span of
// the same request is part of that run, not a run of its own.
//
// A span is a model call when it reports one call's tokens: the GenAI conventions' usage on a span
// that is not an agent or tool span, OpenInference's `llm.token_count.*`, or the AI SDK's
// `ai.*.doGenerate` / `doStream` spans. (The AI SDK's `ai.generateText` span holds the total of its
// calls; counting it too would count them twice.) Calls are matched to their run by trace, since
// exporters send a trace's spans as they end — the calls usually before their run, in other
// requests (server/ingest.ts keeps them until then). Every other span is ignored.

export const AGENT_ID = "agent_coach.agent_id";
export const AGENT_EXTERNAL_ID = "agent_coach.agent_external_id";
export const TEMPLATE_VERSION = "agent_coach.template_version";
export const WAKE_REASON = "agent_coach.reason";

export type AgentRef = { id: string } | { externalId: string };

export type RunFromSpans = {
  /** `otlp:<traceId>:<spanId>` of the run span: the same span sent twice is one run. */
  externalId: string;
  agent: AgentRef;
  versionNumber: number | null;
  reason: string | null;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  status: "succeeded" | "failed";
  error: string | null;
  traceId: string;
  spanId: string;
  /** The run span's (or, without one, its top-most descendant's) model. */
  model: string | null;
  /** The run span's own token totals, used when no model call of its trace is known. */
  ownUsage: { input: number; output: number } | null;
  /** Spans of the request folded into this run (itself included). */
  spans: number;
};

export type ModelCallFromSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  /** The span id of its run when that run is in the same request, else null (matched later by trace). */
  runSpanId: string | null;
};

const str = (v: AttributeValue | undefined) => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null);
const num = (v: AttributeValue | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null);

function agentOf(attrs: Attributes): AgentRef | null {
  const id = str(attrs[AGENT_ID]);
  if (id) return { id };
  const externalId = str(attrs[AGENT_EXTERNAL_ID]);
  return externalId ? { externalId } : null;
}

/** Tokens a span reports as its totals: the GenAI conventions, or the AI SDK's (v5+ and v4 names). */
function usageOf(a: Attributes): { input: number; output: number } | null {
  const input = num(a["gen_ai.usage.input_tokens"]) ?? num(a["ai.usage.inputTokens"]) ?? num(a["ai.usage.promptTokens"]) ?? num(a["gen_ai.usage.prompt_tokens"]) ?? num(a["llm.token_count.prompt"]);
  const output = num(a["gen_ai.usage.output_tokens"]) ?? num(a["ai.usage.outputTokens"]) ?? num(a["ai.usage.completionTokens"]) ?? num(a["gen_ai.usage.completion_tokens"]) ?? num(a["llm.token_count.completion"]);
  return input === null && output === null ? null : { input: Math.max(0, Math.round(input ?? 0)), output: Math.max(0, Math.round(output ?? 0)) };
}

const NOT_MODEL_CALLS = new Set(["invoke_agent", "create_agent", "execute_tool"]);

/** One model call's tokens, or null when the span is not one call (see the header). */
function callUsageOf(s: OtlpSpan): { input: number; output: number } | null {
  const a = s.attributes;
  const op = str(a["gen_ai.operation.name"]);
  if (op && NOT_MODEL_CALLS.has(op)) return null;
  const genAi = ["gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.prompt_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.prompt", "llm.token_count.completion"].some((k) => a[k] !== undefined);
  const aiSdkCall = /^ai\.\w+\.do(Generate|Stream)$/.test(s.name);
  return genAi || aiSdkCall ? usageOf(a) : null;
}

const modelOf = (a: Attributes) => str(a["gen_ai.response.model"]) ?? str(a["gen_ai.request.model"]) ?? str(a["ai.response.model"]) ?? str(a["ai.model.id"]);

const nanosToDate = (n: bigint) => new Date(Number(n / 1_000_000n));

export function runsFromSpans(spans: OtlpSpan[]): { runs: RunFromSpans[]; calls: ModelCallFromSpan[]; ignored: number } {
  const key = (traceId: string, spanId: string) => `${traceId}:${spanId}`;
  const byKey = new Map(spans.map((s) => [key(s.traceId, s.spanId), s]));
  const children = new Map<string, OtlpSpan[]>();
  for (const s of spans) {
    if (!s.parentSpanId) continue;
    const parent = key(s.traceId, s.parentSpanId);
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const candidate = (s: OtlpSpan) =>
    agentOf(s.attributes) !== null || (agentOf(s.resource) !== null && (!s.parentSpanId || s.attributes["gen_ai.operation.name"] === "invoke_agent"));
  const isCandidate = new Map(spans.map((s) => [key(s.traceId, s.spanId), candidate(s)]));
  /** A candidate with a candidate ancestor in this request is part of that run. */
  const underRun = (s: OtlpSpan) => {
    const seen = new Set<string>();
    let parentId = s.parentSpanId;
    while (parentId) {
      const k = key(s.traceId, parentId);
      if (seen.has(k)) return false; // a cycle in a malformed export: stop
      seen.add(k);
      if (isCandidate.get(k)) return true;
      parentId = byKey.get(k)?.parentSpanId ?? null;
    }
    return false;
  };

  const runs: RunFromSpans[] = [];
  const runOf = new Map<string, string>(); // span key → its run's span id, for the spans folded into a run
  for (const s of spans) {
    if (!isCandidate.get(key(s.traceId, s.spanId)) || underRun(s)) continue;
    // The run's descendants in this request.
    const below: OtlpSpan[] = [];
    const stack = [...(children.get(key(s.traceId, s.spanId)) ?? [])];
    while (stack.length && below.length <= spans.length) {
      const c = stack.pop()!;
      below.push(c);
      stack.push(...(children.get(key(c.traceId, c.spanId)) ?? []));
    }
    runOf.set(key(s.traceId, s.spanId), s.spanId);
    for (const c of below) runOf.set(key(c.traceId, c.spanId), s.spanId);
    const failed = s.statusCode === 2;
    const startedAt = nanosToDate(s.startNanos);
    const finishedAt = nanosToDate(s.endNanos > s.startNanos ? s.endNanos : s.startNanos);
    const attrs = { ...s.resource, ...s.attributes };
    const version = num(attrs[TEMPLATE_VERSION]);
    runs.push({
      externalId: `otlp:${s.traceId}:${s.spanId}`,
      traceId: s.traceId,
      spanId: s.spanId,
      agent: agentOf(s.attributes) ?? agentOf(s.resource)!,
      versionNumber: version !== null && Number.isInteger(version) && version > 0 ? version : null,
      reason: str(attrs[WAKE_REASON]),
      startedAt,
      finishedAt,
      durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
      status: failed ? "failed" : "succeeded",
      error: failed ? (s.statusMessage || s.exceptionMessage || "The span ended with an error status.").slice(0, 2_000) : null,
      model: modelOf(s.attributes) ?? below.map((c) => modelOf(c.attributes)).find((m) => m !== null) ?? null,
      ownUsage: usageOf(s.attributes) ?? topMostTotals(s, below),
      spans: 1 + below.length,
    });
  }

  const calls: ModelCallFromSpan[] = [];
  for (const s of spans) {
    const usage = callUsageOf(s);
    if (!usage) continue;
    calls.push({ traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId, model: modelOf(s.attributes), inputTokens: usage.input, outputTokens: usage.output, runSpanId: runOf.get(key(s.traceId, s.spanId)) ?? null });
  }
  const used = new Set([...runOf.keys(), ...calls.map((c) => key(c.traceId, c.spanId))]);
  return { runs, calls, ignored: spans.filter((s) => !used.has(key(s.traceId, s.spanId))).length };

  /** Without per-call spans: the totals of the top-most usage-bearing spans below the run (an AI SDK generateText). */
  function topMostTotals(run: OtlpSpan, below: OtlpSpan[]): { input: number; output: number } | null {
    const bearing = below.filter((c) => usageOf(c.attributes));
    const top = bearing.filter((c) => {
      let p = c.parentSpanId;
      while (p && p !== run.spanId) {
        const parent = byKey.get(key(c.traceId, p));
        if (!parent) break;
        if (usageOf(parent.attributes)) return false;
        p = parent.parentSpanId;
      }
      return true;
    });
    if (top.length === 0) return null;
    return top.reduce((t, c) => {
      const u = usageOf(c.attributes)!;
      return { input: t.input + u.input, output: t.output + u.output };
    }, { input: 0, output: 0 });
  }
}
