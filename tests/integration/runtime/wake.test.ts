import { APICallError } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { createAgent } from "@/features/agents/server/create-agent";
import { findLiveStatus } from "@/features/runtime/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { getTask } from "@/features/tasks/server";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { createTemplateVersion } from "@/features/templates/server/create-template-version";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { evaluatorModel, failingModel, sampleCalls, toolModel } from "../../support/scripted-models";

const refineConfig = {
  gates: [{ name: "completeness", description: "Checklist, estimate and a report with risks", threshold: 0.9, weight: 1 }],
  qualityThreshold: 0.9,
  maxIterations: 4,
  models: {},
};

async function setup(options: { gates?: boolean } = {}) {
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({
    scope,
    name: `Wake ${uid()}`,
    directives: "Help people finish their tasks. Propose concrete next steps.",
    refineConfig: options.gates === false ? { ...refineConfig, gates: [] } : refineConfig,
  });
  const { task, agent } = await createTask({
    scope,
    title: "Prepare the Q3 board report",
    description: "Collect revenue numbers from finance. Draft the summary. Review with the CFO before Friday?",
    templateId: template.id,
  });
  return { scope, template, task, agent: agent!, workspaceId: workspace.id };
}

const scripted = (values: number[]) => ({
  execute: toolModel(sampleCalls),
  evaluate: evaluatorModel("completeness", values),
  refine: toolModel([
    ...sampleCalls.slice(0, 2),
    { tool: "write_report", input: { markdown: "## Summary\nOn track.\n## Risks\nCFO availability.", confidence: 0.8 } },
    { tool: "record_observation", input: { text: "Friday is the board deadline; the CFO review must happen Thursday." } },
  ]),
});

/** `model`, noting what the agent's live status says each time it is called (while its phase works). */
function observed(model: MockLanguageModelV3, name: string, seen: string[], s: { workspaceId: string; agent: { id: string } }) {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const live = await findLiveStatus(s.workspaceId, s.agent.id);
      seen.push(`${name} while ${live?.running?.phase}:${live?.running?.iteration}`);
      return model.doGenerate(options);
    },
  });
}

describe("task-agent wake", () => {
  it("records each phase on the run as it starts, in order, and the live status shows it while the phase works", async () => {
    const s = await setup();
    const recorded: string[] = [];
    const calls: string[] = [];
    const models = scripted([0.6, 0.95]);
    const result = await runTaskAgentWake({
      workspaceId: s.workspaceId, agentId: s.agent.id, reason: "manual",
      models: { execute: observed(models.execute, "execute", calls, s), evaluate: observed(models.evaluate, "evaluate", calls, s), refine: observed(models.refine, "refine", calls, s) },
      // Read back from the database the moment each phase is recorded: what a poll would see.
      onPhaseRecorded: async (phase, iteration) => {
        const live = await findLiveStatus(s.workspaceId, s.agent.id);
        recorded.push(`${phase}:${iteration} → ${live?.running?.phase}:${live?.running?.iteration}`);
      },
    });
    expect(result.status).toBe("succeeded");
    expect(recorded).toEqual(["executing:1 → executing:1", "evaluating:1 → evaluating:1", "refining:2 → refining:2", "evaluating:2 → evaluating:2", "saving:null → saving:null"]);
    // Each model call happened inside its phase (a tool phase calls its model twice: the tools, then the closing text).
    expect([...new Set(calls)]).toEqual(["execute while executing:1", "evaluate while evaluating:1", "refine while refining:2", "evaluate while evaluating:2"]);
    // Finished: no phase left behind.
    expect(await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } })).toMatchObject({ status: "succeeded", phase: null, phaseIteration: null });
    expect((await findLiveStatus(s.workspaceId, s.agent.id))?.running).toBeNull();
  });

  it("refines, then saves the accepted output for a person, with provenance and iterations", async () => {
    const s = await setup();
    // A new head before the wake: the run must record the version it actually used — the new head,
    // or the one it replaced when the agent is in the baseline arm of its probation.
    const v1 = (await db.agentTemplate.findUniqueOrThrow({ where: { id: s.template.id } })).headVersionId!;
    const v2 = await createTemplateVersion({ scope: s.scope, templateId: s.template.id, directives: "Help people finish tasks; always name the risks.", authoredBy: "user" });
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "creation", models: scripted([0.6, 0.95]) });
    expect(result.status).toBe("succeeded");

    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! }, include: { iterationsLog: { orderBy: { index: "asc" } } } });
    expect(run).toMatchObject({ status: "succeeded", outcome: "SUCCESS", iterations: 2, qualityScore: 1, phase: null, reason: "creation", probationId: expect.any(String) });
    expect(run.templateVersionId).toBe(run.arm === "baseline" ? v1 : v2.id);
    expect(run.inputTokens).toBeGreaterThan(0);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.iterationsLog.map((i) => i.score)).toEqual([Math.round((0.6 / 0.9) * 10_000) / 10_000, 1]);
    expect(run.iterationsLog[0].feedback).toContain("completeness");

    const items = await db.changeItem.findMany({ where: { changeSet: { wakeRunId: run.id } }, orderBy: { tool: "asc" } });
    expect(items.map((i) => [i.tool, i.status])).toEqual([["propose_checklist_items", "pending"], ["propose_estimate", "pending"]]);
    const set = await db.changeSet.findFirstOrThrow({ where: { wakeRunId: run.id } });
    expect(set.taskId).toBe(s.task.id);
    // the refined report (iteration 2) was saved, not the first one
    expect((await db.agentReport.findFirstOrThrow({ where: { wakeRunId: run.id } })).markdown).toContain("## Risks");
    const observations = await db.agentMessage.findMany({ where: { wakeRunId: run.id, kind: "observation" } });
    expect(observations.map((o) => o.text)).toEqual(["Friday is the board deadline; the CFO review must happen Thursday."]);
    expect(await db.agentState.findUniqueOrThrow({ where: { agentId: s.agent.id } })).toMatchObject({ wakeCounter: 1, consecutiveFailureCount: 0 });
    // nothing was applied to the task: proposals wait for a person
    expect((await db.task.findUniqueOrThrow({ where: { id: s.task.id } })).estimateMinutes).toBeNull();
  });

  it("a failing provider ends as a clear failed run: no proposals, failure streak +1", async () => {
    const s = await setup();
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "manual", models: { execute: failingModel("Service unavailable"), evaluate: failingModel(), refine: failingModel() } });
    expect(result).toMatchObject({ status: "failed", error: expect.stringMatching(/Service unavailable/) });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "failed", outcome: "ERROR_UNRECOVERABLE", phase: null });
    expect(await db.changeSet.count({ where: { wakeRunId: run.id } })).toBe(0);
    expect((await db.agentState.findUniqueOrThrow({ where: { agentId: s.agent.id } })).consecutiveFailureCount).toBe(1);
    // The task page's read model has the failed run and the streak, to say so where people look.
    const task = await getTask(s.workspaceId, s.task.id);
    expect(task?.agent).toMatchObject({ state: { consecutiveFailureCount: 1 }, runs: [{ id: run.id, status: "failed", error: expect.stringMatching(/Service unavailable/) }] });
  });

  it("a refused key fails the wake at once, says what to fix without the provider's host, and asks for no retry", async () => {
    const s = await setup();
    const refused = new MockLanguageModelV3({
      provider: "openai-compatible.chat",
      doGenerate: async () => {
        throw new APICallError({ message: "Unauthorized", url: "http://10.0.0.7:11434/v1/chat/completions", requestBodyValues: {}, statusCode: 401, responseBody: '{"error":"bad key sk-echoed"}', isRetryable: false });
      },
    });
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "manual", models: { ...scripted([0.95]), execute: refused } });
    expect(result).toMatchObject({ status: "failed", retryable: false, error: expect.stringMatching(/^Your OpenAI-compatible server refused the credentials \(HTTP 401\): an admin should check the API key/) });
    expect(result.error).not.toMatch(/10\.0\.0\.7|sk-echoed/);
    expect(refused.doGenerateCalls).toHaveLength(1);
  });

  it("an evaluator that keeps failing never throws the work away: the output is saved unscored, the run says why", async () => {
    const s = await setup();
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "manual", models: { ...scripted([0.95]), evaluate: failingModel("evaluator down") } });
    expect(result.status).toBe("succeeded");
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "succeeded", outcome: "EVALUATION_FAILED", qualityScore: null, iterations: null, error: "The evaluator failed: evaluator down", phase: null });
    // The proposals wait for a person, as after any wake; the failure streak is not raised.
    expect((await db.changeItem.findMany({ where: { changeSet: { wakeRunId: run.id } } })).map((i) => i.status)).toEqual(["pending", "pending"]);
    expect((await db.agentState.findUniqueOrThrow({ where: { agentId: s.agent.id } })).consecutiveFailureCount).toBe(0);
  });

  it("without gates it runs once and saves the output, no quality score", async () => {
    const s = await setup({ gates: false });
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "creation", models: scripted([0]) });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run).toMatchObject({ status: "succeeded", outcome: null, qualityScore: null, iterations: null });
    expect(await db.changeItem.count({ where: { changeSet: { wakeRunId: run.id } } })).toBe(2);
  });

  it("skips agents that cannot run: no task, other workspace", async () => {
    const s = await setup();
    const loose = await createAgent({ scope: s.scope, templateId: s.template.id, displayName: "No task" });
    expect(await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: loose.id, reason: "manual", models: scripted([1]) })).toEqual({ runId: null, status: "skipped" });
    const other = await makeWorkspace();
    expect(await runTaskAgentWake({ workspaceId: other.workspace.id, agentId: s.agent.id, reason: "manual", models: scripted([1]) })).toEqual({ runId: null, status: "skipped" });
    expect(await db.wakeRun.count({ where: { agentId: s.agent.id } })).toBe(0);
  });

  it("the built-in model, with no provider configured, produces a change set and a report", async () => {
    const s = await setup();
    const result = await runTaskAgentWake({ workspaceId: s.workspaceId, agentId: s.agent.id, reason: "creation" });
    expect(result.status).toBe("succeeded");
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    expect(run.iterations).toBeGreaterThanOrEqual(1);
    expect(await db.changeItem.count({ where: { changeSet: { wakeRunId: run.id } } })).toBeGreaterThan(0);
    expect(await db.agentReport.count({ where: { wakeRunId: run.id } })).toBe(1);
  });
});
