import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../../src/generated/prisma/client";

// Data for e2e specs, written straight to the run's database (the app's services are
// server-only). Keeps the invariants the services keep: version numbers from 1, head = newest,
// each agent with a state row, rows carrying their agent's templateId.

let client: PrismaClient | undefined;
export function db() {
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
  return client;
}

const id = () => randomBytes(4).toString("hex");

/** `p`: another database's client (default: the run's e2e database). */
export async function createAgentWorkspace(p: PrismaClient = db()) {
  const stamp = id();
  const owner = await p.user.create({ data: { email: `coach-owner-${stamp}@example.test`, name: "Olivia Owner" } });
  const viewer = await p.user.create({ data: { email: `coach-viewer-${stamp}@example.test`, name: "Victor Viewer" } });
  const workspace = await p.workspace.create({
    data: {
      slug: `coach-${stamp}`,
      name: `Coach ${stamp}`,
      memberships: { create: [{ userId: owner.id, role: "owner" }, { userId: viewer.id, role: "viewer" }] },
    },
  });
  const template = await p.agentTemplate.create({ data: { workspaceId: workspace.id, name: "Support Triage", description: "Sorts incoming tickets" } });
  const v1 = await p.templateVersion.create({
    data: { workspaceId: workspace.id, templateId: template.id, number: 1, authoredBy: "system", directives: "You triage support tickets.\nAlways ask for the order number.", rationale: "Initial version" },
  });
  const v2 = await p.templateVersion.create({
    data: {
      workspaceId: workspace.id, templateId: template.id, number: 2, authoredBy: "agent", parentVersionId: v1.id,
      directives: "You triage support tickets quickly.\nAsk for the order number only when it is missing.",
      rationale: "Users complained about repeated questions",
    },
  });
  await p.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: v2.id } });
  const task = await p.task.create({ data: { workspaceId: workspace.id, title: "Refund request from ACME", description: "Customer wants a refund for order 1234." } });
  const agent = await p.agent.create({
    data: { workspaceId: workspace.id, templateId: template.id, displayName: "Triage · Refund request", taskId: task.id, state: { create: { workspaceId: workspace.id, wakeCounter: 1 } } },
  });
  const run = await p.wakeRun.create({
    data: { workspaceId: workspace.id, agentId: agent.id, templateId: template.id, templateVersionId: v2.id, reason: "creation", status: "succeeded", durationMs: 2300, inputTokens: 900, outputTokens: 240, qualityScore: 0.82, finishedAt: new Date() },
  });
  await p.agentMessage.create({
    data: { workspaceId: workspace.id, agentId: agent.id, templateId: template.id, kind: "observation", text: `The customer mentioned a duplicate ticket for the same refund (${stamp}).` },
  });
  await p.agentMessage.create({
    data: { workspaceId: workspace.id, agentId: agent.id, templateId: template.id, kind: "observation", text: "Order number was already present in the first message." },
  });
  const set = await p.changeSet.create({ data: { workspaceId: workspace.id, agentId: agent.id, templateId: template.id, taskId: task.id, wakeRunId: run.id } });
  const common = { workspaceId: workspace.id, changeSetId: set.id, agentId: agent.id, templateId: template.id };
  await p.changeItem.create({ data: { ...common, tool: "propose_estimate", args: { minutes: 20 }, summary: "Estimate 20 minutes" } });
  await p.changeItem.create({ data: { ...common, tool: "propose_status", args: { status: "in_progress" }, summary: "Start working on the refund" } });
  return { owner, viewer, workspace, template, agent, task, run, stamp };
}

/** A workspace with one owner and a template whose runs self-refine against three gates. */
export async function createRuntimeWorkspace() {
  const p = db();
  const stamp = id();
  const owner = await p.user.create({ data: { email: `runtime-owner-${stamp}@example.test`, name: "Rita Runtime" } });
  const workspace = await p.workspace.create({
    data: { slug: `runtime-${stamp}`, name: `Runtime ${stamp}`, memberships: { create: [{ userId: owner.id, role: "owner" }] } },
  });
  const template = await p.agentTemplate.create({
    data: {
      workspaceId: workspace.id,
      name: "Planning Assistant",
      description: "Breaks tasks into steps",
      refineConfig: {
        gates: [
          { name: "completeness", description: "Checklist, estimate and a report with next steps and risks", threshold: 0.9, weight: 0.4 },
          { name: "actionability", description: "Checklist items start with a verb", threshold: 0.9, weight: 0.3 },
          { name: "clarity", description: "The report has a short summary", threshold: 0.8, weight: 0.3 },
        ],
        qualityThreshold: 0.9,
        maxIterations: 5,
        models: {},
      },
    },
  });
  const v1 = await p.templateVersion.create({
    data: { workspaceId: workspace.id, templateId: template.id, number: 1, authoredBy: "system", directives: "You help people plan their tasks. Propose concrete, verb-first steps and an honest estimate." },
  });
  await p.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: v1.id } });
  return { owner, workspace, template };
}
