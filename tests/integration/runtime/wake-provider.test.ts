import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "@/ai/models";
import { createTask } from "@/features/tasks/server";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { reply, startFakeOpenAI, type ChatRequest, type FakeOpenAI, type Reply } from "../../support/fake-openai";

// A task agent's wake through a real provider (AI_PROVIDER=openai-compatible, the fake server):
// the execute phase's tool calls, then the evaluator's JSON — clean, sloppy, or unusable.

let server: FakeOpenAI;
beforeAll(async () => void (server = await startFakeOpenAI()));
afterAll(() => server.close());

const gates = [{ name: "completeness", description: "An estimate is proposed", threshold: 0.9, weight: 1 }];

async function setup(aiEnv: { AI_IDLE_TIMEOUT_SECONDS?: number; AI_TIMEOUT_SECONDS?: number } = {}) {
  const { scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `Provider wake ${uid()}`, directives: "Estimate every task.", refineConfig: { gates, qualityThreshold: 0.9, maxIterations: 2, models: {} } });
  const { agent } = await createTask({ scope, title: "Reset a password", description: "A customer is locked out.", templateId: template.id, wakeAgent: false });
  const registry = createRegistry({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: server.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model", ...aiEnv });
  const models = { execute: registry.getModel("task"), evaluate: registry.getModel("evaluator"), refine: registry.getModel("refiner") };
  return { scope, agentId: agent!.id, workspaceId: scope.workspaceId, models };
}

/** The execute/refine phase proposes an estimate, then closes; the evaluator answers `evaluation(call)`. */
function agentAnd(evaluation: (call: number) => Reply) {
  let evaluations = 0;
  server.reset();
  server.script((req: ChatRequest) => {
    const body = req.body as { tools?: unknown[]; messages: { role: string }[] };
    if (body.tools?.length) return body.messages.some((m) => m.role === "tool") ? reply.text("Proposed a 20-minute estimate.") : reply.toolCall("propose_estimate", { minutes: 20, rationale: "A reset takes minutes" });
    return evaluation(++evaluations);
  });
}

const scored = (value: number) => ({ gates: [{ name: "completeness", value, feedback: value >= 0.9 ? "Meets the bar." : "Add a rationale." }] });

describe("a wake through an OpenAI-compatible provider", () => {
  it("saves the proposal when the evaluator answers in a ```json fence", async () => {
    const s = await setup();
    agentAnd(() => reply.sloppy.fenced(scored(0.95)));
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    expect(result.status).toBe("succeeded");
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ outcome: "SUCCESS", qualityScore: 1, iterations: 1 });
    expect((await db.changeItem.findMany({ where: { changeSet: { wakeRunId: run.id } } })).map((i) => i.tool)).toEqual(["propose_estimate"]);
    const evaluatorRequest = server.chatRequests().find((r) => !(r.body as { tools?: unknown[] }).tools?.length)!;
    expect(JSON.stringify(evaluatorRequest.body.messages)).toContain("Answer with JSON only");
  });

  it("asks the evaluator once more when its JSON has the wrong shape, and uses the second answer", async () => {
    const s = await setup();
    agentAnd((call) => (call === 1 ? reply.sloppy.wrongShape({ score: "great" }) : reply.json(scored(0.95))));
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    expect(await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } })).toMatchObject({ status: "succeeded", outcome: "SUCCESS", qualityScore: 1 });
  });

  it("keeps the agent's proposal, unscored, when the evaluator never answers usable JSON", async () => {
    const s = await setup();
    agentAnd(() => reply.text("I think the agent did fine overall."));
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "succeeded", outcome: "EVALUATION_FAILED", qualityScore: null, error: expect.stringMatching(/^The evaluator failed: /) });
    expect(await db.changeItem.count({ where: { changeSet: { wakeRunId: run.id } } })).toBe(1);
  });

  it("a refused key fails the wake at once with words an admin can act on — the provider named, never the key it echoed or the host", async () => {
    const s = await setup();
    server.reset();
    server.script(() => reply.unauthorized());
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    expect(result).toMatchObject({ status: "failed", retryable: false });
    expect(server.chatRequests()).toHaveLength(1);
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run.error).toMatch(/^.*Your OpenAI-compatible server refused the credentials \(HTTP 401\): an admin should check the API key/);
    expect(run.error).not.toContain("sk-test");
    expect(run.error).not.toContain("127.0.0.1");
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: s.agentId } })).toMatchObject({ consecutiveFailureCount: 1 });
  });

  // AI_IDLE_TIMEOUT_SECONDS: how long a call may receive nothing. Short here, so the test is quick
  // (the per-attempt limit, 60 s, would otherwise hold the wake for minutes), but long enough for
  // the fake's instant answers on a loaded machine.
  const IDLE = { AI_IDLE_TIMEOUT_SECONDS: 1 };

  it("a provider that stalls in the middle of its answer fails the wake within the idle time: 'The model stopped answering', retryable, nothing saved", async () => {
    const s = await setup(IDLE);
    server.reset();
    server.script(() => reply.broken(reply.toolCall("propose_estimate", { minutes: 20, rationale: "A reset takes minutes" }), "stall"));
    const started = Date.now();
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    // Two attempts (the loop retries a model failure once) of 1 s each, and a backoff between them.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toMatchObject({ status: "failed", retryable: true, error: expect.stringMatching(/^The model stopped answering \(nothing arrived for 1 s; 2 attempts\)/) });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "failed", outcome: "ERROR_UNRECOVERABLE", phase: null, error: expect.stringMatching(/^The model stopped answering/) });
    // Each stalled request was aborted, not left open.
    await expect.poll(() => server.chatRequests().every((r) => r.aborted)).toBe(true);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("an evaluator that never answers (no byte at all) ends the loop within the idle time, and the agent's work is kept, unscored", async () => {
    const s = await setup(IDLE);
    agentAnd(() => reply.stall());
    const started = Date.now();
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agentId, reason: "manual", models: s.models });
    expect(Date.now() - started).toBeLessThan(10_000);
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "succeeded", outcome: "EVALUATION_FAILED", qualityScore: null, error: expect.stringMatching(/^The evaluator failed: The model stopped answering/) });
    expect(await db.changeItem.count({ where: { changeSet: { wakeRunId: run.id } } })).toBe(1);
  });
});
