import { Writable } from "node:stream";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { createTask } from "@/features/tasks/server/create-task";
import { getWorkspaceUsage } from "@/features/usage/server";
import { createLogger, wrap } from "@/server/logger";
import { runWithRequestId } from "@/server/request-context";
import { flushTelemetry, startTelemetry } from "@/server/telemetry";
import { withSpan } from "@/server/tracing";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { startOtlpCollector, type OtlpCollector } from "../../support/otlp-collector";

// Traces as a team's collector receives them: the real exporter (OTLP/HTTP, JSON encoding) sends a
// wake's spans to a collector stub, and the trace shows the model calls with who they were for.

let collector: OtlpCollector;

beforeAll(async () => {
  collector = await startOtlpCollector();
  // What the operator sets; the OpenTelemetry SDK reads these itself.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.endpoint;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  expect(startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined, OTEL_SERVICE_NAME: "agent-coach-test" })).toBe(true);
});

afterAll(async () => {
  await collector?.close();
});

async function wakeOnce() {
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({
    scope,
    name: `Traced ${uid()}`,
    directives: "Help people finish their tasks. Propose concrete next steps.",
    refineConfig: { gates: [{ name: "completeness", description: "Checklist and estimate", threshold: 0.5, weight: 1 }], qualityThreshold: 0.5, maxIterations: 2, models: {} },
  });
  const { agent } = await createTask({ scope, title: "Prepare the Q3 board report", description: "Collect revenue numbers. Draft the summary.", templateId: template.id });
  const models = { execute: builtinModel("task"), evaluate: builtinModel("evaluator"), refine: builtinModel("refiner") };
  const result = await runTaskAgentWake({ workspaceId: workspace.id, agentId: agent!.id, reason: "manual", models });
  expect(result.status).toBe("succeeded");
  const version = await db.templateVersion.findFirstOrThrow({ where: { templateId: template.id }, orderBy: { number: "desc" } });
  return { workspace, template, agent: agent!, runId: result.runId!, version };
}

describe("traces of a wake (OTLP exporter → collector)", () => {
  it("shows the wake span with its model calls as children, tagged with role, template and version, without prompt text", async () => {
    const { workspace, template, agent, runId, version } = await wakeOnce();
    await flushTelemetry();

    const wake = collector.spans.find((s) => s.name === "agent.wake" && s.attributes["agent.id"] === agent.id);
    expect(wake, "the wake's span reached the collector").toBeDefined();
    expect(wake!.service).toBe("agent-coach-test");
    const inTrace = collector.spans.filter((s) => s.traceId === wake!.traceId);

    // The AI SDK's call spans, direct children of the wake: one execute call, one or more evaluations.
    const calls = inTrace.filter((s) => s.name === "ai.generateText" && s.parentSpanId === wake!.spanId);
    const roles = calls.map((s) => s.attributes["ai.telemetry.metadata.role"]);
    expect(roles).toContain("task");
    expect(roles).toContain("evaluator");
    for (const call of calls) {
      expect(call.attributes).toMatchObject({
        "ai.telemetry.functionId": `agent-coach.${call.attributes["ai.telemetry.metadata.role"]}`,
        "ai.telemetry.metadata.workspaceId": workspace.id,
        "ai.telemetry.metadata.templateId": template.id,
        "ai.telemetry.metadata.templateVersion": version.number,
        "ai.telemetry.metadata.agentId": agent.id,
        "ai.telemetry.metadata.runId": runId,
        "ai.model.provider": "builtin",
      });
      expect(Number(call.attributes["ai.usage.inputTokens"] ?? call.attributes["ai.usage.promptTokens"])).toBeGreaterThan(0);
      // The model's own call (doGenerate) hangs under it.
      expect(inTrace.some((s) => s.parentSpanId === call.spanId && s.name === "ai.generateText.doGenerate")).toBe(true);
    }
    // Users' data stays out of the spans unless OTEL_RECORD_MODEL_CONTENT=1.
    const recorded = inTrace.flatMap((s) => Object.keys(s.attributes));
    expect(recorded.filter((k) => k.startsWith("ai.prompt") || k.startsWith("ai.response.text") || k === "ai.response.toolCalls")).toEqual([]);
    expect(JSON.stringify(inTrace)).not.toContain("Prepare the Q3 board report");
    // And the queries it made, from Prisma's instrumentation.
    expect(inTrace.some((s) => s.name.startsWith("prisma:"))).toBe(true);
    expect(collector.refused).toBe(0);
  });

  it("keeps the wake's tokens per role and model in the usage ledger, adding up to the run's", async () => {
    const { workspace, template, runId } = await wakeOnce();
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: runId } });
    const usage = await getWorkspaceUsage(workspace.id, 7);
    expect(usage.rows.map((r) => `${r.role}:${r.model}`).sort()).toEqual(expect.arrayContaining(["evaluator:builtin-evaluator", "task:builtin-task"]));
    expect(usage.rows.every((r) => r.templateId === template.id && r.templateName === template.name)).toBe(true);
    expect(usage.total.tokens).toBe(run.inputTokens + run.outputTokens);
    expect(usage.total.cost).toBe(0); // the built-in model is free, and priced, not unknown
    expect(usage.total.unpricedTokens).toBe(0);
  });
});

describe("log lines", () => {
  it("carry the request id and the active trace id, and never a secret", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = wrap(createLogger("info", sink));
    let traceId = "";
    await withSpan("log-test", {}, async () => {
      traceId = trace.getActiveSpan()!.spanContext().traceId;
      runWithRequestId("req-0123456789", () =>
        log.error("model call failed", {
          body: '{"error":{"message":"Incorrect API key provided: sk-proj-abcdEFGH1234567890"}}',
          authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.payload.signature",
          apiKey: "ac_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG",
        }),
      );
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: "error", message: "model call failed", requestId: "req-0123456789", traceId });
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]).not.toMatch(/abcdEFGH1234567890|eyJhbGciOiJIUzI1NiJ9|0123456789abcdefghijklmnop/);
    expect(Date.parse(line.t)).not.toBeNaN();
  });
});
