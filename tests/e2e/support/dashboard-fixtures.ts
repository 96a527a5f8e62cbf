import { randomBytes } from "node:crypto";
import type { FeedbackCategory, Sentiment, TemplateVersion, Verdict, WakeRun } from "../../../src/generated/prisma/client";
import { db } from "./fixtures";

// A template with three versions, ten weeks of runs, decisions, done tasks and classified feedback,
// written straight to the database (like ./fixtures.ts), relative to now. Numbers for the 30-day
// window: 9 wakes; acceptance 3 confirmed / 1 rejected = 75%; MTTR mean of 2 h and 6 h = 4 h.
const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function createDashboardWorkspace() {
  const p = db();
  const stamp = randomBytes(4).toString("hex");
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const owner = await p.user.create({ data: { email: `dash-owner-${stamp}@example.test`, name: "Dana Dashboard" } });
  const workspace = await p.workspace.create({ data: { slug: `dash-${stamp}`, name: `Dashboards ${stamp}`, memberships: { create: [{ userId: owner.id, role: "owner" }] } } });
  const ws = workspace.id;
  const template = await p.agentTemplate.create({ data: { workspaceId: ws, name: "Release Planner", description: "Plans releases step by step" } });
  const quiet = await p.agentTemplate.create({ data: { workspaceId: ws, name: "Quiet Helper", description: "No feedback yet" } });
  const directives = ["You plan releases.", "You plan releases. List risks first.", "You plan releases. List risks first. Keep estimates honest."];
  const versions: TemplateVersion[] = [];
  for (const [i, age] of [120, 35, 12].entries()) {
    versions.push(await p.templateVersion.create({
      data: { workspaceId: ws, templateId: template.id, number: i + 1, authoredBy: i ? "agent" : "system", directives: directives[i], parentVersionId: versions[i - 1]?.id ?? null, createdAt: ago(age * DAY), rationale: i ? "Users asked for risks first" : "Initial version" },
    }));
  }
  await p.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: versions[2].id } });
  const qv = await p.templateVersion.create({ data: { workspaceId: ws, templateId: quiet.id, number: 1, authoredBy: "system", directives: "You help quietly." } });
  await p.agentTemplate.update({ where: { id: quiet.id }, data: { headVersionId: qv.id } });
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
    const task = await p.task.create({
      data: { workspaceId: ws, title: t.title, status: t.hours ? "done" : "in_progress", createdAt: created, completedAt: t.hours ? new Date(created.getTime() + t.hours * HOUR) : null },
    });
    agents.push(await p.agent.create({
      data: { workspaceId: ws, templateId: template.id, displayName: `Planner · ${t.title}`, taskId: task.id, createdAt: created, state: { create: { workspaceId: ws, wakeCounter: 3 } } },
    }));
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
      runs.push(await p.wakeRun.create({
        data: {
          workspaceId: ws, agentId: agents[n % agents.length].id, templateId: template.id, templateVersionId: v.id, reason: "subscription",
          status: n % 7 === 3 ? "failed" : "succeeded", startedAt: ago(age), finishedAt: ago(age - 20_000), durationMs: 12_000 + (n % 4) * 3_000,
          inputTokens: 1_800 + n * 10, outputTokens: 400, qualityScore: quality[vi] + ((n % 3) - 1) * 0.03, userRating: n % 2 ? Math.min(1, quality[vi] + 0.05) : null,
        },
      }));
    }
  }

  // Decisions on proposals of recent runs: 3 confirmed + 1 rejected in the last 30 days, more before.
  const decide = async (runIndex: number, verdicts: [Verdict, number][]) => {
    const run = runs[runIndex];
    const set = await p.changeSet.create({ data: { workspaceId: ws, agentId: run.agentId, templateId: template.id, wakeRunId: run.id, createdAt: run.startedAt } });
    for (const [verdict, decidedAgo] of verdicts) {
      const item = await p.changeItem.create({ data: { workspaceId: ws, changeSetId: set.id, agentId: run.agentId, templateId: template.id, tool: "propose_estimate", args: { minutes: 30 }, summary: "Estimate 30 minutes", status: verdict } });
      await p.changeDecision.create({ data: { workspaceId: ws, changeItemId: item.id, agentId: run.agentId, templateId: template.id, tool: "propose_estimate", verdict, decidedAt: ago(decidedAgo), decidedById: owner.id } });
    }
  };
  await decide(0, [["confirmed", 0.5 * HOUR], ["confirmed", 0.5 * HOUR]]);
  await decide(3, [["confirmed", 8 * DAY], ["rejected", 8 * DAY]]);
  await decide(12, [["rejected", 40 * DAY], ["rejected", 40 * DAY], ["confirmed", 41 * DAY]]);
  const pendingSet = await p.changeSet.create({ data: { workspaceId: ws, agentId: agents[0].id, templateId: template.id, wakeRunId: runs[0].id } });
  await p.changeItem.create({ data: { workspaceId: ws, changeSetId: pendingSet.id, agentId: agents[0].id, templateId: template.id, tool: "propose_status", args: { status: "done" }, summary: "Mark done" } });

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
    await p.feedbackItem.create({
      data: { workspaceId: ws, templateId: template.id, agentId: agents[a].id, sourceType: "observation", sourceId: `dash-${stamp}-${i}`, sentiment, category, confidence: 0.9, classifiedBy: "rule", detail, sourceCounter: BigInt(i + 1), occurredAt: ago((i + 1) * DAY) },
    });
  }
  return { owner, workspace, template, quiet, agents };
}
