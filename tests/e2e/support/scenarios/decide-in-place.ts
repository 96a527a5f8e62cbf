import { addMember, factoryDb, makeAgentRow, makeChangeSetRow, makeRunRow, makeTaskRow, makeTemplateRow, makeWorkspace, type FactoryDb } from "../../../factories";

// Deciding where the work is: a member and a viewer, one task whose agent ran once and proposed
// three things (a checklist step, an estimate, a status), and one earlier proposal already rejected.
export async function createDecideInPlaceWorkspace(db: FactoryDb = factoryDb()) {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Ana Owner" } }, db);
  const member = await addMember(workspace.id, "member", { name: "Milo Member" }, db);
  const viewer = await addMember(workspace.id, "viewer", { name: "Vera Viewer" }, db);
  const { template, head } = await makeTemplateRow(workspace.id, { name: "Event Planner" }, db);
  const task = await makeTaskRow(workspace.id, { title: "Plan the team offsite", description: "Forty people, two days, in March." }, db);
  const agent = await makeAgentRow(template, { displayName: "Planner · Offsite", taskId: task.id, wakeCounter: 1 }, db);
  const run = await makeRunRow(agent, { templateVersionId: head.id, reason: "creation", qualityScore: 0.8, iterations: 1, finishedAt: new Date() }, db);
  const { items } = await makeChangeSetRow(agent, {
    taskId: task.id,
    wakeRunId: run.id,
    items: [
      { tool: "propose_checklist_items", args: { items: ["Book the venue"] }, summary: "Add: book the venue" },
      { tool: "propose_estimate", args: { minutes: 240 }, summary: "Estimate 4 hours" },
      { tool: "propose_status", args: { status: "in_progress" }, summary: "Start planning" },
      { tool: "propose_estimate", args: { minutes: 5 }, summary: "Estimate 5 minutes", decision: { verdict: "rejected", decidedById: owner.id, reason: "Far too short" } },
    ],
  }, db);
  return { workspace, owner, member, viewer, template, task, agent, run, items };
}
