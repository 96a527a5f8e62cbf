import { factoryDb, type FactoryDb, makeObservation } from "../../../factories";
import { createSupportDesk, createTicketAgents, REJECTED_ESTIMATES } from "./support-triage";

// The support desk for the weekly-ritual spec (./support-triage.ts): the second user is a member
// (owner and member are both notified), the workspace holds its ritual on Mondays at 09:00 in
// Berlin, and the feedback passes the ritual's threshold gate — three rejected estimates plus
// observations the keyword rules classify, one asking for what a directive clause says (a reason
// with every estimate: the built-in improver proposes no clause nothing asks for). No improver and no FeedbackItems are written: "Run
// ritual now" creates the improver and the ritual classifies the feedback, as in production.

export const RITUAL_DIRECTIVES = [
  "You triage incoming customer support tickets for the Acme web shop.",
  "Classify each ticket as billing, shipping, returns, account or other.",
  "Set the priority: P1 for outages and payment failures, P2 for blocked orders, P3 for everything else.",
  "Estimate the time to resolve in minutes and propose it with the estimate tool.",
  "Never promise refunds or delivery dates yourself.",
].join("\n");

const OBSERVATIONS: [number, string][] = [
  [0, "The refund estimate was wrong by two days."],
  [2, "The VAT number in the summary was incorrect."],
  [1, "Great summary, the customer thanked us."],
  [1, "The estimate came with no reason at all; explain every estimate."],
  [0, "Why 30 minutes? No idea where that number comes from."],
  [2, "An estimate without any explanation is no use to the team."],
];

export async function createRitualWorkspace(db: FactoryDb = factoryDb()) {
  const desk = await createSupportDesk({
    second: { role: "member", name: "Mia Member" },
    workspace: { ritualWeekday: 1, ritualHour: 9, ritualTimezone: "Europe/Berlin" },
    v1: { directives: RITUAL_DIRECTIVES },
  }, db);
  const agents = await createTicketAgents(
    desk,
    REJECTED_ESTIMATES.map(({ title, estimate, reason }) => ({ title, estimate, reason })),
    { wakeCounter: 1, status: () => "in_progress", run: () => ({ durationMs: 15_000, qualityScore: 0.8 }) },
    db,
  );
  for (const [a, text] of OBSERVATIONS) await makeObservation(agents[a].agent, { wakeRunId: agents[a].run.id, text }, db);
  const { owner, second: member, outsider, workspace, template, v1 } = desk;
  return { owner, member, outsider, workspace, template, v1 };
}

export type RitualWorkspace = Awaited<ReturnType<typeof createRitualWorkspace>>;
