import type { FeedbackCategory, Sentiment, Verdict, WakeRun } from "@/generated/prisma/client";
import { factoryDb, type FactoryDb, makeAgentRow, makeChangeSetRow, makeFeedbackItem, makeRunRow, makeTaskRow, makeTemplateRow, makeWorkspace } from "../../../factories";

// A template with three versions, ten weeks of runs, decisions, done tasks and classified feedback,
// relative to now. Numbers for the 30-day window: 9 wakes; acceptance 3 confirmed / 1 rejected =
// 75%; MTTR mean of 2 h and 6 h = 4 h.
const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function createDashboardWorkspace(db: FactoryDb = factoryDb()) {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Dana Dashboard" } }, db);
  const ws = workspace.id;
  const directives = ["You plan releases.", "You plan releases. List risks first.", "You plan releases. List risks first. Keep estimates honest."];
  const { template, versions } = await makeTemplateRow(ws, {
    name: "Release Planner",
    description: "Plans releases step by step",
    versions: [120, 35, 12].map((age, i) => ({ directives: directives[i], createdAt: ago(age * DAY), rationale: i ? "Users asked for risks first" : "Initial version" })),
  }, db);
  const { template: quiet } = await makeTemplateRow(ws, { name: "Quiet Helper", description: "No feedback yet", versions: [{ directives: "You help quietly." }] }, db);
  const versionAt = (age: number) => (age >= 35 * DAY ? versions[0] : age >= 12 * DAY ? versions[1] : versions[2]);

  // Four agents with tasks: two done in the window (2 h and 6 h), one done long ago, one open.
  const taskSpecs = [
    { title: "Plan the 4.2 release", createdAgo: 3 * DAY, hours: 2 },
    { title: "Draft the changelog", createdAgo: 10 * DAY, hours: 6 },
    { title: "Freeze the API", createdAgo: 50 * DAY, hours: 30 },
    { title: "Write the migration guide", createdAgo: 2 * DAY, hours: null },
  ];
  const agents = [];
  for (const t of taskSpecs) {
    const created = ago(t.createdAgo);
    const task = await makeTaskRow(ws, { title: t.title, status: t.hours ? "done" : "in_progress", createdAt: created, completedAt: t.hours ? new Date(created.getTime() + t.hours * HOUR) : null }, db);
    agents.push(await makeAgentRow(template, { displayName: `Planner · ${t.title}`, taskId: task.id, createdAt: created, wakeCounter: 3 }, db));
  }

  // Two runs a week for ten weeks; quality and ratings improve with each version.
  const quality = [0.55, 0.7, 0.86];
  const runs: WakeRun[] = [];
  for (let w = 0; w < 10; w++) {
    for (const offset of [HOUR, 2.5 * DAY]) {
      const age = w * 7 * DAY + offset;
      const v = versionAt(age);
      const vi = v.number - 1;
      const n: number = runs.length;
      runs.push(await makeRunRow(agents[n % agents.length], {
        templateVersionId: v.id, reason: "subscription", status: n % 7 === 3 ? "failed" : "succeeded", startedAt: ago(age), finishedAt: ago(age - 20_000), durationMs: 12_000 + (n % 4) * 3_000,
        inputTokens: 1_800 + n * 10, outputTokens: 400, qualityScore: quality[vi] + ((n % 3) - 1) * 0.03, userRating: n % 2 ? Math.min(1, quality[vi] + 0.05) : null,
      }, db));
    }
  }

  // Decisions on proposals of recent runs: 3 confirmed + 1 rejected in the last 30 days, more before.
  const agentOf = (run: WakeRun) => ({ id: run.agentId, workspaceId: ws, templateId: template.id });
  const decide = (runIndex: number, verdicts: [Verdict, number][]) =>
    makeChangeSetRow(agentOf(runs[runIndex]), {
      wakeRunId: runs[runIndex].id,
      createdAt: runs[runIndex].startedAt,
      items: verdicts.map(([verdict, decidedAgo]) => ({ args: { minutes: 30 }, summary: "Estimate 30 minutes", decision: { verdict, decidedAt: ago(decidedAgo), decidedById: owner.id } })),
    }, db);
  await decide(0, [["confirmed", 0.5 * HOUR], ["confirmed", 0.5 * HOUR]]);
  await decide(3, [["confirmed", 8 * DAY], ["rejected", 8 * DAY]]);
  await decide(12, [["rejected", 40 * DAY], ["rejected", 40 * DAY], ["confirmed", 41 * DAY]]);
  await makeChangeSetRow(agents[0], { wakeRunId: runs[0].id, items: [{ tool: "propose_status", args: { status: "done" }, summary: "Mark done" }] }, db);

  // Classified feedback (what the pipeline writes): a negative "accuracy" pattern across 3 agents.
  const feedback: [Sentiment, FeedbackCategory, string, number][] = [
    ["negative", "accuracy", "The estimate was wrong by two days.", 0],
    ["negative", "accuracy", "Numbers in the plan did not match the tracker.", 1],
    ["negative", "accuracy", "Release date in the summary was wrong.", 2],
    ["positive", "communication", "Great summary, clear next steps.", 0],
    ["positive", "communication", "Concise status update, thanks.", 1],
    ["positive", "prioritization", "Risks first was exactly right.", 2],
    ["neutral", "general", "Asked for the Jira link.", 3],
    ["negative", "timeliness", "Reply came late.", 3],
  ];
  for (const [i, [sentiment, category, detail, a]] of feedback.entries()) {
    await makeFeedbackItem(agents[a], { sentiment, category, detail, sourceCounter: BigInt(i + 1), occurredAt: ago((i + 1) * DAY) }, db);
  }
  return { owner, workspace, template, quiet, agents };
}
