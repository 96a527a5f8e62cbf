import { randomBytes } from "node:crypto";
import { db } from "./fixtures";

// A workspace for the weekly-ritual spec, written straight to the run's database (like
// ./fixtures.ts): an owner and a member (both notified), a user of ANOTHER workspace, and a task
// template with enough feedback for the ritual's threshold gate — three agents whose estimates
// were rejected (a cross-agent "accuracy" pattern) plus observations the keyword rules classify.
// No improver and no FeedbackItems are written: "Run ritual now" creates the improver and the
// ritual classifies the feedback, as in production.

const HOUR = 3_600_000;

export const RITUAL_DIRECTIVES = [
  "You triage incoming customer support tickets for the Acme web shop.",
  "Classify each ticket as billing, shipping, returns, account or other.",
  "Set the priority: P1 for outages and payment failures, P2 for blocked orders, P3 for everything else.",
  "Estimate the time to resolve in minutes and propose it with the estimate tool.",
  "Never promise refunds or delivery dates yourself.",
].join("\n");

const TASKS = [
  { title: "Refund for order 1182", estimate: 30, reason: "Refunds need finance approval first: two days, far more than 30 minutes." },
  { title: "Parcel stuck in customs", estimate: 20, reason: "Customs cases take about a week; the 20-minute estimate was wrong." },
  { title: "Invoice shows the wrong VAT", estimate: 15, reason: "Correcting an issued invoice is a credit note plus a new invoice, an hour at least." },
] as const;

const OBSERVATIONS: [number, string][] = [
  [0, "The refund estimate was wrong by two days."],
  [2, "The VAT number in the summary was incorrect."],
  [1, "Great summary, the customer thanked us."],
];

export async function createRitualWorkspace() {
  const p = db();
  const stamp = randomBytes(4).toString("hex");
  const ago = (ms: number) => new Date(Date.now() - ms);
  const owner = await p.user.create({ data: { email: `ritual-owner-${stamp}@example.test`, name: "Olivia Owner" } });
  const member = await p.user.create({ data: { email: `ritual-member-${stamp}@example.test`, name: "Mia Member" } });
  const outsider = await p.user.create({ data: { email: `ritual-outsider-${stamp}@example.test`, name: "Oscar Outsider" } });
  const workspace = await p.workspace.create({
    data: {
      slug: `ritual-${stamp}`,
      name: `Ritual ${stamp}`,
      ritualWeekday: 1,
      ritualHour: 9,
      ritualTimezone: "Europe/Berlin",
      memberships: { create: [{ userId: owner.id, role: "owner" }, { userId: member.id, role: "member" }] },
    },
  });
  // The outsider owns a workspace of their own, so signing in lands them somewhere real.
  await p.workspace.create({ data: { slug: `elsewhere-${stamp}`, name: `Elsewhere ${stamp}`, memberships: { create: [{ userId: outsider.id, role: "owner" }] } } });
  const ws = workspace.id;

  const template = await p.agentTemplate.create({ data: { workspaceId: ws, name: "Support Triage", description: "Sorts and routes incoming support tickets" } });
  const v1 = await p.templateVersion.create({
    data: { workspaceId: ws, templateId: template.id, number: 1, authoredBy: "system", directives: RITUAL_DIRECTIVES, rationale: "Initial version", createdAt: ago(30 * 24 * HOUR) },
  });
  await p.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: v1.id } });

  const agents = [];
  for (const [i, t] of TASKS.entries()) {
    const task = await p.task.create({ data: { workspaceId: ws, title: t.title, status: "in_progress", createdAt: ago((10 - i) * HOUR) } });
    const agent = await p.agent.create({
      data: { workspaceId: ws, templateId: template.id, displayName: `Triage · ${t.title}`, taskId: task.id, createdAt: task.createdAt, state: { create: { workspaceId: ws, wakeCounter: 1 } } },
    });
    const run = await p.wakeRun.create({
      data: { workspaceId: ws, agentId: agent.id, templateId: template.id, templateVersionId: v1.id, reason: "creation", status: "succeeded", startedAt: ago((9 - i) * HOUR), finishedAt: ago((9 - i) * HOUR - 20_000), durationMs: 15_000, qualityScore: 0.8 },
    });
    const set = await p.changeSet.create({ data: { workspaceId: ws, agentId: agent.id, templateId: template.id, taskId: task.id, wakeRunId: run.id } });
    const item = await p.changeItem.create({
      data: { workspaceId: ws, changeSetId: set.id, agentId: agent.id, templateId: template.id, tool: "propose_estimate", args: { minutes: t.estimate }, summary: `Estimate ${t.estimate} minutes`, status: "rejected", decidedAt: ago((8 - i) * HOUR) },
    });
    await p.changeDecision.create({
      data: { workspaceId: ws, changeItemId: item.id, agentId: agent.id, templateId: template.id, tool: "propose_estimate", verdict: "rejected", reason: t.reason, decidedById: owner.id, decidedAt: ago((8 - i) * HOUR) },
    });
    agents.push({ agent, run });
  }
  for (const [a, text] of OBSERVATIONS) {
    const { agent, run } = agents[a]!;
    await p.agentMessage.create({ data: { workspaceId: ws, agentId: agent.id, templateId: template.id, wakeRunId: run.id, kind: "observation", text } });
  }
  return { owner, member, outsider, workspace, template, v1, stamp };
}

export type RitualWorkspace = Awaited<ReturnType<typeof createRitualWorkspace>>;
