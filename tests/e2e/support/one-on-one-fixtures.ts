import { randomBytes } from "node:crypto";
import type { Agent, Prisma, Task, WakeRun } from "../../../src/generated/prisma/client";
import { OPENING_REQUEST } from "../../../src/ai/prompts/improver";
import { db } from "./fixtures";

// A support-triage template for the one-on-one specs, written straight to the run's database
// (like ./fixtures.ts). Only SOURCE rows are written — decisions, observations, reports, runs —
// never FeedbackItems: starting a session classifies them, as it does in production.
//
// Feedback the built-in improver will talk about: "accuracy" is the dominant negative category
// (rejected estimates from three agents = a cross-agent pattern, plus observations that call numbers
// wrong); timeliness and communication get one complaint each; communication also gets praise.

const HOUR = 3_600_000;

export const TRIAGE_DIRECTIVES = [
  "You triage incoming customer support tickets for the Acme web shop.",
  "Read the whole ticket and every earlier reply before you act.",
  "Classify each ticket as billing, shipping, returns, account or other.",
  "Set the priority: P1 for outages and payment failures, P2 for blocked orders, P3 for everything else.",
  "Ask for the order number when it is missing, and only once.",
  "Estimate the time to resolve in minutes and propose it with the estimate tool.",
  "Route billing tickets to the finance queue and shipping tickets to logistics.",
  "Write a two-sentence summary for the person who takes the ticket over.",
  "Never promise refunds or delivery dates yourself.",
  "Keep a friendly, plain tone and avoid internal jargon.",
].join("\n");

/** The dominant negative category of the fixture's feedback, as the improver names it. */
export const DOMINANT_CATEGORY = "accuracy";

const TASKS = [
  { title: "Refund for order 1182", description: "Customer wants a refund for a damaged kettle.", estimate: 30, reason: "Refunds need finance approval first: two days, far more than 30 minutes." },
  { title: "Parcel stuck in customs", description: "Order 2291 has been held at customs for nine days.", estimate: 20, reason: "Customs cases take about a week; the 20-minute estimate was wrong." },
  { title: "Invoice shows the wrong VAT", description: "The VAT line on invoice 7730 is 19% instead of 7%.", estimate: 15, reason: "Correcting an issued invoice is a credit note plus a new invoice, an hour at least." },
  { title: "Password reset loop", description: "The reset link sends the customer back to the login form.", estimate: 45, reason: null },
] as const;

export async function createOneOnOneWorkspace() {
  const p = db();
  const stamp = randomBytes(4).toString("hex");
  const ago = (ms: number) => new Date(Date.now() - ms);
  const owner = await p.user.create({ data: { email: `one-owner-${stamp}@example.test`, name: "Olivia Owner" } });
  const viewer = await p.user.create({ data: { email: `one-viewer-${stamp}@example.test`, name: "Victor Viewer" } });
  const outsider = await p.user.create({ data: { email: `one-outsider-${stamp}@example.test`, name: "Oscar Outsider" } });
  const workspace = await p.workspace.create({
    data: {
      slug: `one-${stamp}`,
      name: `One-on-one ${stamp}`,
      memberships: { create: [{ userId: owner.id, role: "owner" }, { userId: viewer.id, role: "viewer" }] },
    },
  });
  // The outsider owns a workspace of their own, so signing in lands them somewhere real.
  await p.workspace.create({ data: { slug: `elsewhere-${stamp}`, name: `Elsewhere ${stamp}`, memberships: { create: [{ userId: outsider.id, role: "owner" }] } } });
  const ws = workspace.id;

  const template = await p.agentTemplate.create({ data: { workspaceId: ws, name: "Support Triage", description: "Sorts and routes incoming support tickets" } });
  const v1 = await p.templateVersion.create({
    data: { workspaceId: ws, templateId: template.id, number: 1, authoredBy: "system", directives: TRIAGE_DIRECTIVES, rationale: "Initial version", createdAt: ago(30 * 24 * HOUR) },
  });
  await p.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: v1.id } });
  // A second template nobody has had a one-on-one with (what a viewer sees with no session open).
  const quiet = await p.agentTemplate.create({ data: { workspaceId: ws, name: "Returns Desk", description: "Handles return labels" } });
  const quietV1 = await p.templateVersion.create({ data: { workspaceId: ws, templateId: quiet.id, number: 1, authoredBy: "system", directives: "You issue return labels for eligible orders." } });
  await p.agentTemplate.update({ where: { id: quiet.id }, data: { headVersionId: quietV1.id } });

  const agents: { agent: Agent; task: Task; run: WakeRun }[] = [];
  for (const [i, t] of TASKS.entries()) {
    const task = await p.task.create({ data: { workspaceId: ws, title: t.title, description: t.description, status: i === 3 ? "open" : "in_progress", createdAt: ago((10 - i) * HOUR) } });
    const agent = await p.agent.create({
      data: { workspaceId: ws, templateId: template.id, displayName: `Triage · ${t.title}`, taskId: task.id, createdAt: task.createdAt, state: { create: { workspaceId: ws, wakeCounter: 2 } } },
    });
    const run = await p.wakeRun.create({
      data: {
        workspaceId: ws, agentId: agent.id, templateId: template.id, templateVersionId: v1.id, reason: "creation", status: "succeeded",
        startedAt: ago((9 - i) * HOUR), finishedAt: ago((9 - i) * HOUR - 20_000), durationMs: 14_000 + i * 2_000, inputTokens: 1_600, outputTokens: 380, qualityScore: [0.82, 0.78, 0.86, 0.91][i],
      },
    });
    // Each agent proposed an estimate; three of them were rejected with a reason (the pattern).
    const set = await p.changeSet.create({ data: { workspaceId: ws, agentId: agent.id, templateId: template.id, taskId: task.id, wakeRunId: run.id } });
    const verdict = t.reason ? "rejected" : "confirmed";
    const item = await p.changeItem.create({
      data: { workspaceId: ws, changeSetId: set.id, agentId: agent.id, templateId: template.id, tool: "propose_estimate", args: { minutes: t.estimate }, summary: `Estimate ${t.estimate} minutes`, status: verdict, decidedAt: ago((8 - i) * HOUR) },
    });
    await p.changeDecision.create({
      data: { workspaceId: ws, changeItemId: item.id, agentId: agent.id, templateId: template.id, tool: "propose_estimate", verdict, reason: t.reason, decidedById: owner.id, decidedAt: ago((8 - i) * HOUR) },
    });
    agents.push({ agent, task, run });
  }

  // Observations the keyword rules classify (no negations, one sentiment each).
  const observations: [number, string][] = [
    [0, "The refund estimate was wrong by two days."],
    [2, "The VAT number in the summary was incorrect."],
    [1, "Our reply came late; the customer had already escalated."],
    [3, "The customer found the triage summary confusing."],
    [0, "Great summary, the customer thanked us."],
    [3, "Routing to the account team was perfect."],
  ];
  for (const [a, text] of observations) {
    const { agent, run } = agents[a];
    await p.agentMessage.create({ data: { workspaceId: ws, agentId: agent.id, templateId: template.id, wakeRunId: run.id, kind: "observation", text } });
  }

  const report = (a: number, markdown: string, confidence: number) =>
    p.agentReport.create({ data: { workspaceId: ws, agentId: agents[a].agent.id, templateId: template.id, wakeRunId: agents[a].run.id, markdown, confidence } });
  await report(1, "## Summary\nOrder 2291 is held at customs; I asked logistics for the customs reference.\n\n## Next steps\n- Wait for the customs reference\n- Tell the customer the expected date once known", 0.35);
  await report(3, "## Summary\nThe reset link loops back to the login form; routed to the account team as P2.\n\n## Next steps\n- Account team reproduces the loop", 0.88);

  return { owner, viewer, outsider, workspace, template, v1, quiet, agents: agents.map((x) => x.agent), stamp };
}

export type OneOnOneWorkspace = Awaited<ReturnType<typeof createOneOnOneWorkspace>>;

/** A concrete change request, and the directive line the built-in improver makes of it. */
export const DUE_DATE_REQUEST = "Please ask the customer for a due date when none is given.";
export const DUE_DATE_LINE = "Ask the customer for a due date when none is given.";

/**
 * An open session #1 started by the owner, as the chat route persists it (AI SDK UI message parts):
 * the opening and its summary with a reflection note, the owner's request, and the improver's answer
 * with a pending proposal for v2 (a Proposal row against v1).
 */
export async function createOpenSessionWithProposal(data: OneOnOneWorkspace) {
  const p = db();
  const ws = data.workspace.id;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const session = await p.evolutionSession.create({ data: { workspaceId: ws, templateId: data.template.id, sessionNumber: 1, startedById: data.owner.id, createdAt: at(10) } });
  const note = (kind: "reflection" | "hypothesis", content: string, minutesAgo: number) =>
    p.evolutionNote.create({ data: { workspaceId: ws, templateId: data.template.id, sessionId: session.id, kind, content, createdAt: at(minutesAgo) } });
  const message = (role: "user" | "assistant", parts: unknown[], minutesAgo: number, metadata: object = {}) =>
    p.evolutionMessage.create({
      data: { workspaceId: ws, sessionId: session.id, role, parts: parts as Prisma.InputJsonValue, metadata: metadata as Prisma.InputJsonValue, authorUserId: role === "user" ? data.owner.id : null, createdAt: at(minutesAgo) },
    });
  const text = (t: string) => ({ type: "text", text: t, state: "done" });

  const reflection = "Session opening: 6 negative (accuracy 4, timeliness 1, communication 1), 3 positive. Suggested focus: accuracy.";
  const reflectionNote = await note("reflection", reflection, 9);
  await message("user", [{ type: "text", text: OPENING_REQUEST }], 10, { kind: "opening" });
  await message(
    "assistant",
    [
      { type: "step-start" },
      text(
        [
          "**What changed:** No earlier session: everything so far is new.",
          "**Feedback:** 6 negative, 3 positive. Most frequent complaints:",
          '- **accuracy** (4), e.g. "The refund estimate was wrong by two days."\n- **timeliness** (1)\n- **communication** (1)',
          "**I would work on:** accuracy. 4 complaints are a pattern.",
          "Shall I propose a change for accuracy, or is there something else you want to change?",
        ].join("\n\n"),
      ),
      { type: "tool-record_evolution_note", toolCallId: "fixture-1-1", state: "output-available", input: { kind: "reflection", content: reflection }, output: { ok: true, kind: "reflection", noteId: reflectionNote.id } },
      { type: "step-start" },
      text("I saved this summary as a reflection note for our next session."),
    ],
    9,
  );

  await message("user", [{ type: "text", text: DUE_DATE_REQUEST }], 5);
  const directives = `${TRIAGE_DIRECTIVES}\n\n## Improvements (v2)\n- ${DUE_DATE_LINE}`;
  const rationale = `You asked: "${DUE_DATE_REQUEST}"`;
  const proposal = await p.proposal.create({
    data: { workspaceId: ws, templateId: data.template.id, sessionId: session.id, directives, rationale, confidence: 0.85, status: "pending", baseVersionId: data.v1.id, createdAt: at(4) },
  });
  const hypothesis = `If agents follow "${DUE_DATE_LINE}", negative feedback on this should drop next week.`;
  const hypothesisNote = await note("hypothesis", hypothesis, 4);
  await message(
    "assistant",
    [
      { type: "step-start" },
      text(`I'm proposing v2 with your request as a directive ("${DUE_DATE_LINE}").`),
      {
        type: "tool-propose_directives", toolCallId: "fixture-2-1", state: "output-available",
        input: { directives, rationale, confidence: 0.85 },
        output: { ok: true, proposalId: proposal.id, status: "pending", version: 2, confidence: 0.85 },
      },
      { type: "tool-record_evolution_note", toolCallId: "fixture-2-2", state: "output-available", input: { kind: "hypothesis", content: hypothesis }, output: { ok: true, kind: "hypothesis", noteId: hypothesisNote.id } },
      { type: "step-start" },
      text("I proposed v2 (confidence 0.85) and recorded a hypothesis note. Approve it with a rating, reject it with a reason, or keep talking."),
    ],
    4,
  );
  return { session, proposal };
}
