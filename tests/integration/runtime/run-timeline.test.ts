import { describe, expect, it } from "vitest";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { getRunTimeline } from "@/features/runtime/server/timeline";
import { createTask } from "@/features/tasks/server/create-task";
import { factoryDb, makeAgentRow, makeChangeSetRow, makeObservation, makeObservationRows, makeReport, makeRunRow, makeTemplateRow, makeWorkspace, uid } from "../../factories";
import { sampleCalls, toolModel } from "../../support/scripted-models";

// The run page's timeline: the steps in order with only the recorded times, a failed run with
// its error, a run without quality gates, and nothing for another workspace's run.

async function setup() {
  const ws = await makeWorkspace();
  const { template, head } = await makeTemplateRow(ws.workspace.id);
  const agent = await makeAgentRow(template);
  return { ...ws, agent, head };
}

const gate = (name: string, score: number) => ({ name, value: score, threshold: 0.8, weight: 1, score, feedback: "" });

describe("getRunTimeline", () => {
  it("orders started → iterations → saves → finished, with the recorded times and the gaps between them", async () => {
    const s = await setup();
    const startedAt = new Date("2026-03-02T09:00:00Z");
    const finishedAt = new Date("2026-03-02T09:00:42Z");
    const savedAt = new Date("2026-03-02T09:00:43Z");
    const run = await makeRunRow(s.agent, { templateVersionId: s.head.id, reason: "scheduled", startedAt, finishedAt, durationMs: 42_000, status: "succeeded", outcome: "SUCCESS" });
    const db = factoryDb();
    // Written out of order: the timeline orders by index.
    for (const [index, score] of [[2, 0.91], [1, 0.62]] as const) {
      await db.refineIteration.create({ data: { workspaceId: s.workspace.id, wakeRunId: run.id, index, score, gateScores: [gate("clarity", score), gate("completeness", score - 0.1)] } });
    }
    await makeChangeSetRow(s.agent, { wakeRunId: run.id, createdAt: savedAt, items: [{}, {}, {}] });
    await makeReport(s.agent, { wakeRunId: run.id, markdown: "# Report", createdAt: savedAt });
    await makeObservation(s.agent, { wakeRunId: run.id, text: "One", createdAt: savedAt });
    await makeObservation(s.agent, { wakeRunId: run.id, text: "Two", createdAt: savedAt });

    const steps = (await getRunTimeline(s.workspace.id, run.id))!;
    expect(steps.map((x) => x.label)).toEqual(["Queued", "Started", "Iteration 1", "Iteration 2", "Proposals saved", "Report written", "Observations recorded", "Succeeded"]);
    const [queued, started, it1, it2, proposals, report, observations, finished] = steps;
    // Not recorded: said so, no time made up.
    expect(queued).toMatchObject({ at: null, sincePreviousMs: null });
    expect(queued!.untimed).toMatch(/not recorded/i);
    expect(started).toMatchObject({ at: startedAt, detail: "Woken by: scheduled", sincePreviousMs: null });
    expect(it1).toMatchObject({ at: null, score: 0.62, gates: [{ name: "clarity", score: 0.62 }, { name: "completeness", score: expect.closeTo(0.52) }] });
    expect(it2!.score).toBe(0.91);
    expect(proposals).toMatchObject({ at: savedAt, detail: "3 proposals", sincePreviousMs: 43_000 });
    expect(report).toMatchObject({ at: savedAt, sincePreviousMs: 0 });
    expect(observations).toMatchObject({ detail: "2 observations" });
    // A finish recorded before the saves (a run written out of order): no negative gap is shown.
    expect(finished).toMatchObject({ at: finishedAt, tone: "green", sincePreviousMs: null });
  });

  it("a failed run ends with its error; the gap from the start is the run's duration", async () => {
    const s = await setup();
    const startedAt = new Date("2026-03-02T10:00:00Z");
    const run = await makeRunRow(s.agent, { templateVersionId: s.head.id, status: "failed", startedAt, finishedAt: new Date(startedAt.getTime() + 1_500), durationMs: 1_500, error: "The model timed out." });
    const steps = (await getRunTimeline(s.workspace.id, run.id))!;
    expect(steps.map((x) => x.label)).toEqual(["Queued", "Started", "Failed"]);
    expect(steps.at(-1)).toMatchObject({ tone: "red", detail: "The model timed out.", sincePreviousMs: 1_500 });
  });

  it("a run without quality gates shows each iteration's score and says no gate was scored; a running run is not finished", async () => {
    const s = await setup();
    const run = await makeRunRow(s.agent, { templateVersionId: s.head.id, status: "running", phase: "evaluating", phaseIteration: 2 });
    await factoryDb().refineIteration.create({ data: { workspaceId: s.workspace.id, wakeRunId: run.id, index: 1, score: 0.5 } });
    const steps = (await getRunTimeline(s.workspace.id, run.id))!;
    expect(steps.map((x) => x.label)).toEqual(["Queued", "Started", "Iteration 1", "Running"]);
    expect(steps[2]).toMatchObject({ score: 0.5, gates: [], detail: "No quality gates scored." });
    expect(steps[3]).toMatchObject({ at: null, detail: "Evaluating the result… · iteration 2" });
  });

  it("another workspace's run has no timeline", async () => {
    const s = await setup();
    const other = await makeWorkspace();
    const run = await makeRunRow(s.agent, { templateVersionId: s.head.id, finishedAt: new Date() });
    expect(await getRunTimeline(other.workspace.id, run.id)).toBeNull();
  });

  it("finds a run's outputs through an index, however many the workspace holds", async () => {
    const s = await setup();
    const run = await makeRunRow(s.agent, { templateVersionId: s.head.id });
    await makeObservationRows(s.agent, 3_000, { text: (i) => `Another run's note ${i}` });
    await makeObservation(s.agent, { wakeRunId: run.id, text: "This run's note" });
    const db = factoryDb();
    await db.$executeRawUnsafe(`ANALYZE "AgentMessage"`);
    // The timeline's question, as SQL: this run's observations in time order.
    type Node = Record<string, unknown> & { Plans?: Node[] };
    const [{ "QUERY PLAN": [plan] }] = await db.$queryRawUnsafe<{ "QUERY PLAN": { Plan: Node }[] }[]>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT "createdAt" FROM "AgentMessage" WHERE "workspaceId" = $1 AND "wakeRunId" = $2 AND "kind" = 'observation' ORDER BY "createdAt"`,
      s.workspace.id,
      run.id,
    );
    const read = (n: Node): number =>
      (n["Relation Name"] === "AgentMessage" ? Number(n["Actual Rows"]) + Number(n["Rows Removed by Filter"] ?? 0) : 0) + (n.Plans ?? []).reduce((sum, c) => sum + read(c), 0);
    expect(read(plan.Plan)).toBeLessThanOrEqual(2);
    expect((await getRunTimeline(s.workspace.id, run.id))!.map((x) => x.label)).toContain("Observations recorded");
  });
});

describe("a wake's timeline, as the wake records it", () => {
  it("stamps each step from one clock when it happens, and the end after the last write: in order, within the duration", async () => {
    const { scope, workspace } = await makeWorkspace();
    const template = await createTemplateWithImprover({ scope, name: `Timeline ${uid()}`, directives: "Help people finish their tasks.", refineConfig: { gates: [], qualityThreshold: 0.9, maxIterations: 1, models: {} } });
    const { agent } = await createTask({ scope, title: "Prepare the board report", description: "Draft the summary.", templateId: template.id });
    const result = await runTaskAgentWake({
      workspaceId: workspace.id, agentId: agent!.id, reason: "creation",
      models: {
        execute: toolModel([
          ...sampleCalls.slice(0, 2),
          { tool: "write_report", input: { markdown: "## Summary\nOn track.", confidence: 0.8 } },
          { tool: "record_observation", input: { text: "The CFO reviews on Thursdays." } },
          { tool: "record_observation", input: { text: "Finance sends numbers on Mondays." } },
        ]),
      },
    });
    expect(result.status).toBe("succeeded");
    const run = await factoryDb().wakeRun.findUniqueOrThrow({ where: { id: result.runId! } });
    const steps = (await getRunTimeline(workspace.id, run.id))!;
    expect(steps.map((x) => x.label)).toEqual(["Queued", "Started", "Proposals saved", "Report written", "Observations recorded", "Succeeded"]);
    const timed = steps.filter((x) => x.at);
    // Every timed step after the start shows its gap: none is stamped before the one it follows.
    expect(timed.slice(1).map((x) => [x.label, x.sincePreviousMs !== null])).toEqual(timed.slice(1).map((x) => [x.label, true]));
    const finished = steps.at(-1)!;
    expect(run.durationMs).toBe(finished.at!.getTime() - run.startedAt.getTime());
    // The duration covers every step: no step is later than the run's end.
    for (const s of timed) expect(s.at!.getTime() - run.startedAt.getTime(), s.label).toBeLessThanOrEqual(run.durationMs!);
    // The items of the set, too (the decisions list orders by them).
    const items = await factoryDb().changeItem.findMany({ where: { changeSet: { wakeRunId: run.id } }, select: { createdAt: true } });
    for (const i of items) expect(i.createdAt.getTime()).toBeLessThanOrEqual(finished.at!.getTime());
  });
});
