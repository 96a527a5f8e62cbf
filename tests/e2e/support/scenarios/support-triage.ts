import type { Agent, Task, TemplateVersion, WakeRun } from "@/generated/prisma/client";
import { addMember, factoryDb, type FactoryDb, makeAgentRow, makeChangeSetRow, makeRunRow, makeTaskRow, makeTemplateRow, makeWorkspace, type VersionFields, type WorkspaceOptions } from "../../../factories";

// The Acme web shop's support desk, shared by the one-on-one and the weekly-ritual specs: an owner
// and a second member, a user of ANOTHER workspace, a "Support Triage" template and tickets whose
// agents ran once and proposed an estimate. Only SOURCE rows are written, never FeedbackItems:
// starting a session or a ritual classifies them, as in production.

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A ticket; with a `reason`, its agent's estimate was rejected for it (else confirmed). */
export type Ticket = { title: string; description?: string; estimate: number; reason: string | null };

/** Three estimates rejected as far too low: a cross-agent "accuracy" pattern. */
export const REJECTED_ESTIMATES: Ticket[] = [
  { title: "Refund for order 1182", description: "Customer wants a refund for a damaged kettle.", estimate: 30, reason: "Refunds need finance approval first: two days, far more than 30 minutes." },
  { title: "Parcel stuck in customs", description: "Order 2291 has been held at customs for nine days.", estimate: 20, reason: "Customs cases take about a week; the 20-minute estimate was wrong." },
  { title: "Invoice shows the wrong VAT", description: "The VAT line on invoice 7730 is 19% instead of 7%.", estimate: 15, reason: "Correcting an issued invoice is a credit note plus a new invoice, an hour at least." },
];

/**
 * The desk: the owner (Olivia Owner) and `second` with its role, an outsider who owns a workspace of
 * their own (so signing in lands them somewhere real), and the template at v1 written 30 days ago.
 */
export async function createSupportDesk(options: {
  second: { role: "member" | "viewer"; name: string };
  workspace?: WorkspaceOptions["fields"];
  v1: VersionFields;
}, db: FactoryDb = factoryDb()) {
  const { workspace, owner } = await makeWorkspace({ owner: { name: "Olivia Owner" }, fields: options.workspace }, db);
  const second = await addMember(workspace.id, options.second.role, { name: options.second.name }, db);
  const { owner: outsider } = await makeWorkspace({ owner: { name: "Oscar Outsider" } }, db);
  const { template, head: v1 } = await makeTemplateRow(workspace.id, {
    name: "Support Triage",
    description: "Sorts and routes incoming support tickets",
    versions: [{ rationale: "Initial version", createdAt: ago(30 * 24 * HOUR), ...options.v1 }],
  }, db);
  return { workspace, owner, second, outsider, template, v1 };
}

/**
 * One agent per ticket, created hours ago in order, that ran once on `v1` and proposed its
 * estimate, decided by `owner`. `run(i)` adds the run's numbers; `status(i)` is the task's status.
 */
export async function createTicketAgents(
  desk: { template: { id: string; workspaceId: string }; v1: TemplateVersion; owner: { id: string } },
  tickets: Ticket[],
  options: { wakeCounter: number; status: (i: number) => "open" | "in_progress"; run: (i: number) => Partial<Parameters<typeof makeRunRow>[1]> },
  db: FactoryDb = factoryDb(),
) {
  const agents: { agent: Agent; task: Task; run: WakeRun }[] = [];
  for (const [i, t] of tickets.entries()) {
    const task = await makeTaskRow(desk.template.workspaceId, { title: t.title, description: t.description, status: options.status(i), createdAt: ago((10 - i) * HOUR) }, db);
    const agent = await makeAgentRow(desk.template, { displayName: `Triage · ${t.title}`, taskId: task.id, createdAt: task.createdAt, wakeCounter: options.wakeCounter }, db);
    const run = await makeRunRow(agent, {
      templateVersionId: desk.v1.id, reason: "creation", startedAt: ago((9 - i) * HOUR), finishedAt: ago((9 - i) * HOUR - 20_000), ...options.run(i),
    }, db);
    const verdict = t.reason ? "rejected" : "confirmed";
    const decidedAt = ago((8 - i) * HOUR);
    await makeChangeSetRow(agent, {
      taskId: task.id,
      wakeRunId: run.id,
      items: [{ args: { minutes: t.estimate }, summary: `Estimate ${t.estimate} minutes`, decidedAt, decision: { verdict, reason: t.reason, decidedById: desk.owner.id, decidedAt } }],
    }, db);
    agents.push({ agent, task, run });
  }
  return agents;
}
