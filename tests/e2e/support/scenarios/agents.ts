import { addMember, factoryDb, makeAgentRow, makeChangeSetRow, makeObservation, makeRunRow, makeTaskRow, makeTemplateRow, makeWorkspace, uid, type FactoryDb } from "../../../factories";

// The agents domain: an owner and a viewer, a template with two versions, a task whose agent ran
// once, two observations (one with the stamp, for search) and a pending change set of two items.
// `db`: another database's client (default: the run's e2e database).
export async function createAgentWorkspace(db: FactoryDb = factoryDb()) {
  const stamp = uid();
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Olivia Owner" } }, db);
  const viewer = await addMember(workspace.id, "viewer", { name: "Victor Viewer" }, db);
  const { template, head } = await makeTemplateRow(workspace.id, {
    name: "Support Triage",
    description: "Sorts incoming tickets",
    versions: [
      { directives: "You triage support tickets.\nAlways ask for the order number.", rationale: "Initial version" },
      { directives: "You triage support tickets quickly.\nAsk for the order number only when it is missing.", rationale: "Users complained about repeated questions" },
    ],
  }, db);
  const task = await makeTaskRow(workspace.id, { title: "Refund request from ACME", description: "Customer wants a refund for order 1234." }, db);
  const agent = await makeAgentRow(template, { displayName: "Triage · Refund request", taskId: task.id, wakeCounter: 1 }, db);
  const run = await makeRunRow(agent, {
    templateVersionId: head.id, reason: "creation", durationMs: 2300, inputTokens: 900, outputTokens: 240, qualityScore: 0.82, finishedAt: new Date(),
  }, db);
  await makeObservation(agent, { text: `The customer mentioned a duplicate ticket for the same refund (${stamp}).` }, db);
  await makeObservation(agent, { text: "Order number was already present in the first message." }, db);
  await makeChangeSetRow(agent, {
    taskId: task.id,
    wakeRunId: run.id,
    items: [
      { tool: "propose_estimate", args: { minutes: 20 }, summary: "Estimate 20 minutes" },
      { tool: "propose_status", args: { status: "in_progress" }, summary: "Start working on the refund" },
    ],
  }, db);
  return { owner, viewer, workspace, template, agent, task, run, stamp };
}
