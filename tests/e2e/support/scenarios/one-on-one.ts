import { OPENING_REQUEST } from "@/ai/prompts/improver";
import { factoryDb, type FactoryDb, makeEvolutionMessage, makeEvolutionNote, makeEvolutionSession, makeObservation, makeProposal, makeReport, makeTemplateRow } from "../../../factories";
import { createSupportDesk, createTicketAgents, REJECTED_ESTIMATES } from "./support-triage";

// The support desk for the one-on-one specs (./support-triage.ts), with a viewer.
//
// Feedback the built-in improver will talk about: "accuracy" is the dominant negative category
// (rejected estimates from three agents = a cross-agent pattern, plus observations that call numbers
// wrong, one asking for a reason with every estimate — the clause the built-in improver adds beside
// a request); timeliness and communication get one complaint each; communication also gets praise.

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

const TICKETS = [
  ...REJECTED_ESTIMATES,
  { title: "Password reset loop", description: "The reset link sends the customer back to the login form.", estimate: 45, reason: null },
];

export async function createOneOnOneWorkspace(db: FactoryDb = factoryDb()) {
  const desk = await createSupportDesk({
    second: { role: "viewer", name: "Victor Viewer" },
    v1: { directives: TRIAGE_DIRECTIVES },
  }, db);
  const { workspace, owner, second: viewer, outsider, template, v1 } = desk;
  // A second template nobody has had a one-on-one with (what a viewer sees with no session open).
  const { template: quiet } = await makeTemplateRow(workspace.id, { name: "Returns Desk", description: "Handles return labels", versions: [{ directives: "You issue return labels for eligible orders." }] }, db);

  const agents = await createTicketAgents(desk, TICKETS, {
    wakeCounter: 2,
    status: (i) => (i === 3 ? "open" : "in_progress"),
    run: (i) => ({ durationMs: 14_000 + i * 2_000, inputTokens: 1_600, outputTokens: 380, qualityScore: [0.82, 0.78, 0.86, 0.91][i] }),
  }, db);

  // Observations the keyword rules classify (no negations, one sentiment each).
  const observations: [number, string][] = [
    [0, "The refund estimate was wrong by two days."],
    [2, "The estimate came with no reason at all; explain every estimate."],
    [2, "The VAT number in the summary was incorrect."],
    [1, "Our reply came late; the customer had already escalated."],
    [3, "The customer found the triage summary confusing."],
    [0, "Great summary, the customer thanked us."],
    [3, "Routing to the account team was perfect."],
  ];
  for (const [a, text] of observations) await makeObservation(agents[a].agent, { wakeRunId: agents[a].run.id, text }, db);

  const report = (a: number, markdown: string, confidence: number) => makeReport(agents[a].agent, { wakeRunId: agents[a].run.id, markdown, confidence }, db);
  await report(1, "## Summary\nOrder 2291 is held at customs; I asked logistics for the customs reference.\n\n## Next steps\n- Wait for the customs reference\n- Tell the customer the expected date once known", 0.35);
  await report(3, "## Summary\nThe reset link loops back to the login form; routed to the account team as P2.\n\n## Next steps\n- Account team reproduces the loop", 0.88);

  return { owner, viewer, outsider, workspace, template, v1, quiet, agents: agents.map((x) => x.agent) };
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
export async function createOpenSessionWithProposal(data: OneOnOneWorkspace, db: FactoryDb = factoryDb()) {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const session = await makeEvolutionSession(data.template, { startedById: data.owner.id, createdAt: at(10) }, db);
  const note = (kind: "reflection" | "hypothesis", content: string, minutesAgo: number) => makeEvolutionNote(session, { kind, content, createdAt: at(minutesAgo) }, db);
  const message = (role: "user" | "assistant", parts: unknown[], minutesAgo: number, metadata: object = {}) =>
    makeEvolutionMessage(session, { role, parts, metadata, authorUserId: role === "user" ? data.owner.id : null, createdAt: at(minutesAgo) }, db);
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
  // As the built-in improver writes it: new lines at the end of the bullet list (a new list here), no heading.
  const directives = `${TRIAGE_DIRECTIVES}\n\n- ${DUE_DATE_LINE}`;
  const rationale = `You asked: "${DUE_DATE_REQUEST}"`;
  const proposal = await makeProposal(session, { directives, rationale, confidence: 0.85, baseVersionId: data.v1.id, createdAt: at(4) }, db);
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
