import { approveProposal, rejectProposal } from "@/features/one-on-one/server";
import { runReplayCheckNow } from "@/features/replay/server";
import { advanceRitual, beginRitual } from "@/features/rituals/server";
import { db } from "@/server/db";
import { ownerDecides, type ReplayOutcome } from "./owner";
import type { RitualSummary } from "./tally";
import { shiftSince } from "./time-shift";
import type { WeekContext } from "./work-week";

// The week's ritual, as the improver-ritual job runs it but on the simulated clock: beginRitual
// and advanceRitual with `now` = the Monday after the week, 09:00 (feedback classified and frozen,
// the improver's analysis and proposal); then, for each proposal, the replay check (runReplayCheckNow,
// what the replay-check job runs in steps: here, or through the lab's replay endpoint with --external) and the owner's decision through approveProposal /
// rejectProposal; after a rejection the ritual revises (at most 3 rounds). A draft the owner
// ignores stays open and expires at the next ritual, as it would after 7 days.

export type ProposalRecord = {
  week: number;
  round: number;
  proposalId: string;
  status: "approved" | "rejected" | "ignored" | "not approvable";
  version: number | null;
  confidence: number;
  directives: string;
  rationale: string;
  replay: ReplayOutcome;
  ownerReason: string | null;
};

async function setImprover(ctx: WeekContext, lifecycle: "active" | "dormant") {
  await db.agent.update({ where: { id: ctx.ws.improverId }, data: { lifecycle } });
}

/** begin, or — when last week's proposal is still open (a draft the owner left) — let it expire at its deadline first, then begin. */
async function begin(ctx: WeekContext, deps: Deps) {
  const input = () => ({ workspaceId: ctx.ws.workspaceId, improverAgentId: ctx.ws.improverId, now: deps.now() });
  const first = await beginRitual(input());
  if (first.started || !first.sessionId) return first;
  const open = await db.evolutionSession.findUniqueOrThrow({ where: { id: first.sessionId }, select: { decisionDueAt: true } });
  const expired = () => new Date(Math.max(open.decisionDueAt?.getTime() ?? 0, deps.now().getTime()));
  await advanceRitual(first.sessionId, { ...deps, now: expired });
  return beginRitual(input());
}

export async function ritualWeek(ctx: WeekContext, week: number): Promise<{ ritual: RitualSummary; proposals: ProposalRecord[] }> {
  const { ws, models } = ctx;
  const at = ctx.calendar.ritualAt(week);
  const start = new Date();
  // Every segment of real work maps onto the ritual's morning in order: real time since `start` after `at`.
  let mark = start;
  const settle = async () => {
    await shiftSince(ws.workspaceId, mark, new Date(at.getTime() + (mark.getTime() - start.getTime())));
    mark = new Date();
  };
  // The services' clock follows the same mapping, so what they stamp and what is shifted agree.
  const deps = { improver: models.improver, classifier: models.classifier, replay: models.task, now: () => new Date(at.getTime() + (Date.now() - start.getTime())) };
  const proposals: ProposalRecord[] = [];
  await setImprover(ctx, "active");
  try {
    return await steps(ctx, week, deps, proposals, settle);
  } finally {
    await setImprover(ctx, "dormant");
    await settle();
  }
}

async function replayOf(ctx: WeekContext, proposalId: string): Promise<ReplayOutcome> {
  const r = await runReplayCheckNow({ workspaceId: ctx.ws.workspaceId, proposalId, models: ctx.models.task });
  return { status: r.status, summary: "summary" in r ? (r.summary ?? null) : null, ...("error" in r ? { error: r.error } : {}) };
}

type Deps = { improver: WeekContext["models"]["improver"]; classifier: WeekContext["models"]["classifier"]; now: () => Date };

async function steps(ctx: WeekContext, week: number, deps: Deps, proposals: ProposalRecord[], settle: () => Promise<void>): Promise<{ ritual: RitualSummary; proposals: ProposalRecord[] }> {
  const { ws, team } = ctx;
  const begun = await begin(ctx, deps);
  if (!begun.sessionId) return { ritual: { status: "not started", proposals: 0, approved: [], note: begun.reason ?? null }, proposals };
  const sessionId = begun.sessionId;
  let status = (await advanceRitual(sessionId, deps)).status as string;
  for (let round = 0; status === "awaiting_review"; round++) {
    await settle(); // the proposal's createdAt is simulated before the replay check samples the week before it
    const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId, status: { in: ["pending", "draft"] } }, orderBy: { createdAt: "desc" } });
    const replay = await replayOf(ctx, proposal.id);
    const decision = ownerDecides(team.owner, proposal, replay, ctx.rng("owner", week, round));
    const record: ProposalRecord = { week, round: round + 1, proposalId: proposal.id, status: "ignored", version: null, confidence: proposal.confidence, directives: proposal.directives, rationale: proposal.rationale, replay, ownerReason: null };
    proposals.push(record);
    if (decision.action === "ignore") break;
    if (decision.action === "approve") {
      try {
        const approved = await approveProposal({ scope: ws.owner, proposalId: proposal.id, rating: decision.rating, finish: true });
        Object.assign(record, { status: "approved", version: approved.version.number });
      } catch (e) {
        // Refused (e.g. the workspace's replay guard): the owner leaves it, as a person would.
        Object.assign(record, { status: "not approvable", ownerReason: e instanceof Error ? e.message : String(e) });
        break;
      }
    } else {
      await rejectProposal({ scope: ws.owner, proposalId: proposal.id, reason: decision.reason });
      Object.assign(record, { status: "rejected", ownerReason: decision.reason });
    }
    status = (await advanceRitual(sessionId, deps)).status as string;
  }
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true, outcomeNote: true } });
  const approved = proposals.flatMap((p) => (p.version === null ? [] : [p.version]));
  return { ritual: { status: session.status, proposals: proposals.length, approved, note: session.outcomeNote }, proposals };
}
