import { rateRun, recordObservation } from "@/features/agents/server";
import { decideChangeItems } from "@/features/decisions/server";
import { runTaskAgentWake } from "@/features/runtime/server";
import { createTask } from "@/features/tasks/server";
import { db } from "@/server/db";
import type { Calendar } from "./calendar";
import type { CorpusTicket } from "./corpus";
import { runFacts } from "./facts";
import type { LabModels } from "./models";
import type { Team } from "./personas/load";
import type { Streams } from "./random";
import { pickReviewer, reviewRun } from "./reviewer";
import type { ExternalAgents } from "./external/agents";
import type { LabWorkspace } from "./setup";
import { addReview, emptyWeek, type WeekTally } from "./tally";
import { shiftSince } from "./time-shift";

// One simulated week of work: each ticket becomes a task with its agent (createTask), the agent's
// first wake runs (runTaskAgentWake: the head directives, self-refine, proposals and report saved),
// and a reviewer reads what it proposed and reacts through the product's own write paths —
// decideChangeItems (verdicts with reasons), rateRun, and a comment as an observation on the agent
// (what /api/v1/observations records). Then the ticket's rows move to its simulated time. With
// --external the agent is the team's own (external/agents.ts) and only its work differs.

export type WeekContext = {
  ws: LabWorkspace;
  team: Team;
  calendar: Calendar;
  models: LabModels;
  rng: Streams;
  /** With --external: the team's own agents, reached through the typed client (external/agents.ts). */
  external?: ExternalAgents;
};

async function headNumber(templateId: string) {
  const t = await db.agentTemplate.findUniqueOrThrow({ where: { id: templateId }, select: { head: { select: { number: true } } } });
  return t.head?.number ?? 0;
}

async function workTicket(ctx: WeekContext, tally: WeekTally, week: number, index: number, ticket: CorpusTicket, perWeek: number) {
  const { ws, team, models } = ctx;
  const at = ctx.calendar.ticketAt(week, index, perWeek);
  const mark = new Date();
  const simNow = () => new Date(at.getTime() + (Date.now() - mark.getTime()));
  // Here the product creates the ticket's agent and wakes it; with --external the team's own agent
  // registers for the task and reports its run through the API.
  const { task, agent } = await createTask({ scope: ws.owner, title: ticket.title, description: ticket.description, templateId: ctx.external ? undefined : ws.templateId, createdAt: at, wakeAgent: false });
  const wake = ctx.external
    ? await ctx.external.work({ key: `${week}-${index}`, taskId: task.id, title: task.title, description: task.description, status: task.status })
    : { ...(await runTaskAgentWake({ workspaceId: ws.workspaceId, agentId: agent!.id, reason: "creation", models: models.task })), agentId: agent!.id };
  tally.tasks++;
  if (wake.status !== "succeeded" || !wake.runId) {
    tally.failedRuns++;
    await shiftSince(ws.workspaceId, mark, at);
    return;
  }
  const [run, items, report] = await Promise.all([
    db.wakeRun.findUniqueOrThrow({ where: { id: wake.runId }, select: { qualityScore: true, iterations: true } }),
    db.changeItem.findMany({ where: { workspaceId: ws.workspaceId, changeSet: { wakeRunId: wake.runId } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, tool: true, args: true, summary: true } }),
    db.agentReport.findFirst({ where: { workspaceId: ws.workspaceId, wakeRunId: wake.runId }, select: { markdown: true } }),
  ]);
  const facts = runFacts(
    { title: ticket.title, description: ticket.description, area: ticket.area, kind: ticket.kind, checklist: [] },
    { quality: run.qualityScore, iterations: run.iterations, report: report?.markdown ?? null, proposals: items },
    team.vocabulary,
  );
  const reviewer = pickReviewer(team, facts, ctx.rng("reviewer", week, index));
  const review = reviewRun(reviewer, team, facts, items, (part) => ctx.rng(part, week, index));
  const scope = ws.reviewers.get(reviewer.name)!;
  for (const d of review.decisions) await decideChangeItems({ scope, itemIds: [d.itemId], verdict: d.verdict, reason: d.reason ?? undefined, now: simNow() });
  if (review.rating !== null) await rateRun({ scope, runId: wake.runId, rating: review.rating });
  if (review.comment) await recordObservation({ scope, agentId: wake.agentId, text: review.comment, payload: { from: reviewer.name, kind: "comment" } });
  addReview(tally, review);
  await shiftSince(ws.workspaceId, mark, at);
}

/** Runs week `week` on `tickets`; returns its tally (the ritual is added by ritual-week.ts). */
export async function workWeek(ctx: WeekContext, week: number, tickets: CorpusTicket[]): Promise<WeekTally> {
  const tally = emptyWeek(week, await headNumber(ctx.ws.templateId));
  for (const [index, ticket] of tickets.entries()) await workTicket(ctx, tally, week, index, ticket, tickets.length);
  return tally;
}
