import "server-only";
import { generateText, stepCountIs, tool, type LanguageModel } from "ai";
import type { EvolutionSession, Prisma } from "@/generated/prisma/client";
import { getModel } from "@/ai/models";
import { IMPROVER_TOOLS, improverProviderOptions, ProposeDirectivesInput, RecordNoteInput, RITUAL_ANALYSIS, ritualProposalRequest, type ImproverRequest, type NoteKind } from "@/ai/prompts/improver";
import { withModelRetry } from "@/ai/retry";
import { runFeedbackPipeline } from "@/features/feedback/server/run-feedback-pipeline";
import type { FeedbackSummary } from "@/features/feedback/server/summarize-feedback";
import { recordProposalInTx } from "@/features/one-on-one/server/proposals";
import { buildSessionContext } from "@/features/one-on-one/server/session-context";
import { createSessionInTx, findOpenSession, lockSession, lockTemplate } from "@/features/one-on-one/server/sessions";
import { isOpen } from "@/features/one-on-one/status";
import { db, type Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorFields, logger } from "@/server/logger";
import { nextRitualAt, scheduleOf } from "../schedule";
import { cadenceOf, type ImproverSlots } from "./improvers";
import { computeMetaFeedback } from "./meta-feedback";

// The weekly ritual as a persisted state machine on the evolution session: preparing → (threshold gate → skipped) → analyzing → proposing → awaiting_review →
// completed | abandoned. Every transition reads the session's status under its row lock and is a
// no-op when the session has already moved on, so a driver (Inngest step.run or the embedded
// runner) can repeat any step after a crash without a second version, notification or model call
// that already succeeded: model output is stored in the same transaction as the status change.

/** Fewer new feedback items than this: nothing worth a proposal this week (threshold gate). */
export const RITUAL_MIN_FEEDBACK = 3;
/** Reject → refine → re-propose, at most this many times. */
export const MAX_RITUAL_ROUNDS = 3;
/** How long a proposal waits for a person before the session is abandoned. */
export const DECISION_TIMEOUT_MS = 7 * 24 * 3_600_000;

export type RitualModels = { improver?: LanguageModel; classifier?: LanguageModel };
export type Notifier = (input: { session: EvolutionSession; kind: "review" | "reminder" }) => Promise<void>;

export type BeginResult = { sessionId: string | null; started: boolean; reason?: string };

async function loadImprover(t: Tx, workspaceId: string, improverAgentId: string) {
  const rows = await t.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Agent" WHERE "id" = ${improverAgentId} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
  if (!rows[0]) return null;
  return t.agent.findUniqueOrThrow({
    where: { id: improverAgentId },
    include: {
      state: true,
      targetTemplate: { select: { id: true, name: true, level: true, ritualWeekday: true, ritualHour: true, ritualTimezone: true, workspace: { select: { ritualWeekday: true, ritualHour: true, ritualTimezone: true } } } },
    },
  });
}

type LoadedImprover = NonNullable<Awaited<ReturnType<typeof loadImprover>>>;

const nextWakeOf = (improver: LoadedImprover, after: Date) => nextRitualAt(scheduleOf(improver.targetTemplate!.workspace, improver.targetTemplate), after, cadenceOf(improver.kind));

/**
 * Opens the ritual session of an improver (or returns the one it already has open). Moves the
 * improver's scheduledWakeAt to the next occurrence at once, so the hourly check never starts
 * the same week's ritual twice. A one-on-one someone has open on the template postpones the
 * ritual by a day rather than interrupting it.
 */
export async function beginRitual({ workspaceId, improverAgentId, now = new Date() }: { workspaceId: string; improverAgentId: string; now?: Date }): Promise<BeginResult> {
  return db.$transaction(async (t) => {
    const improver = await loadImprover(t, workspaceId, improverAgentId);
    if (!improver?.targetTemplate || (improver.kind !== "templateImprover" && improver.kind !== "metaImprover")) return { sessionId: null, started: false, reason: "not an improver" };
    const targetId = improver.targetTemplate.id;
    await lockTemplate(t, { workspaceId }, targetId);
    const open = await findOpenSession(t, workspaceId, targetId);
    if (open?.origin === "ritual") return { sessionId: open.id, started: false };
    if (improver.lifecycle !== "active") return { sessionId: null, started: false, reason: `the improver is ${improver.lifecycle}` };
    if (open) {
      await t.agentState.update({ where: { agentId: improver.id }, data: { scheduledWakeAt: new Date(now.getTime() + 24 * 3_600_000) } });
      return { sessionId: null, started: false, reason: "a one-on-one is open on this template; the ritual moves to tomorrow" };
    }
    const session = await createSessionInTx(t, { workspaceId, templateId: targetId, origin: "ritual", status: "preparing", improverAgentId: improver.id });
    await t.agentState.update({
      where: { agentId: improver.id },
      data: { scheduledWakeAt: nextWakeOf(improver, now), lastWakeAt: now, wakeCounter: { increment: 1 }, revision: { increment: 1 } },
    });
    return { sessionId: session.id, started: true };
  });
}

async function lockRitual(t: Tx, sessionId: string) {
  const rows = await t.$queryRaw<{ workspaceId: string }[]>`SELECT "workspaceId" FROM "EvolutionSession" WHERE "id" = ${sessionId} AND "origin" = 'ritual' FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "Ritual session not found.");
  return lockSession(t, rows[0].workspaceId, sessionId);
}

async function targetLevel(session: EvolutionSession) {
  const t = await db.agentTemplate.findUniqueOrThrow({ where: { id: session.templateId }, select: { level: true, name: true } });
  return t;
}

/**
 * Preparation: classify the feedback since the last acknowledged counter (for the meta-improver:
 * the improvers' outcomes of the last month) and freeze its summary on the session; then the
 * threshold gate — fewer than RITUAL_MIN_FEEDBACK items and the ritual is skipped with a no-op
 * observation on the improver.
 */
export async function prepareRitual(sessionId: string, models: RitualModels = {}, now = new Date()) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "preparing") return { status: session.status };
  const target = await targetLevel(session);
  let summary: FeedbackSummary;
  let covered = Number(session.sinceCounter);
  let classifiedFeedbackId: string | null = null;
  let items: number;
  if (target.level === 0) {
    const result = await runFeedbackPipeline({ workspaceId: session.workspaceId, templateId: session.templateId, sinceCounter: Number(session.sinceCounter), model: models.classifier });
    summary = result.summary;
    covered = Math.max(covered, result.coveredUntilCounter);
    classifiedFeedbackId = result.classifiedFeedbackId;
    items = summary.totals.items;
  } else {
    const meta = await computeMetaFeedback({ workspaceId: session.workspaceId, since: new Date(now.getTime() - 30 * 24 * 3_600_000), until: now });
    summary = meta.summary;
    items = meta.decidedSessions;
  }
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "preparing") return { status: locked.status };
    const base = { coveredUntilCounter: covered, classifiedFeedbackId, feedbackSummary: summary as unknown as Prisma.InputJsonValue };
    if (items < RITUAL_MIN_FEEDBACK) {
      const note = target.level === 0 ? `Only ${items} new feedback item${items === 1 ? "" : "s"} since the last session (the ritual needs ${RITUAL_MIN_FEEDBACK}).` : `Only ${items} decided session${items === 1 ? "" : "s"} in the last 30 days (the meta ritual needs ${RITUAL_MIN_FEEDBACK}).`;
      await t.evolutionSession.update({ where: { id: sessionId }, data: { ...base, status: "skipped", outcomeNote: note, completedAt: now } });
      if (locked.improverAgentId) {
        const improver = await t.agent.findUniqueOrThrow({ where: { id: locked.improverAgentId }, select: { id: true, templateId: true } });
        await t.agentMessage.create({ data: { workspaceId: locked.workspaceId, agentId: improver.id, templateId: improver.templateId, kind: "observation", text: `No-op ritual for ${target.name}: ${note}`, payload: { sessionId } } });
      }
      return { status: "skipped" as const, items };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { ...base, status: "analyzing" } });
    return { status: "analyzing" as const, items };
  });
}

type Collected = { text: string; notes: { kind: NoteKind; content: string }[]; proposals: ProposeDirectivesInput[] };

/** One model turn of the ritual; tool calls are collected in memory and written by the caller's transaction. */
async function ritualTurn(session: EvolutionSession, request: ImproverRequest, offer: "note" | "propose", model?: LanguageModel): Promise<Collected> {
  const context = await buildSessionContext(session);
  const collected: Collected = { text: "", notes: [], proposals: [] };
  const tools = {
    [IMPROVER_TOOLS.note]: tool({
      description: "Record a private evolution note (reflection, hypothesis, decision or pattern) for later sessions.",
      inputSchema: RecordNoteInput,
      execute: async (input) => {
        collected.notes.push(input);
        return { ok: true as const };
      },
    }),
    ...(offer === "propose"
      ? {
          [IMPROVER_TOOLS.propose]: tool({
            description: "Propose the COMPLETE new directives, a rationale citing the feedback, and your confidence 0–1.",
            inputSchema: ProposeDirectivesInput,
            execute: async (input) => {
              collected.proposals.push(input);
              return { ok: true as const, status: "recorded" };
            },
          }),
        }
      : {}),
  };
  const result = await withModelRetry(
    (abortSignal) => generateText({ model: model ?? getModel("improver"), system: context.system, prompt: request.text, providerOptions: improverProviderOptions({ context: context.facts, turn: request.turn }), tools, stopWhen: stepCountIs(4), maxRetries: 0, abortSignal }),
    { retries: 2, baseMs: 500, timeoutMs: 120_000 },
  );
  collected.text = result.steps.map((s) => s.text).filter(Boolean).join("\n\n").trim();
  return collected;
}

/** The transcript of a ritual turn, shaped like the one-on-one's (the review page and "Refine in chat" show it). */
function transcriptRows(session: EvolutionSession, request: string, collected: Collected, proposal?: { proposalId: string; status: string; version: number; confidence: number; input: ProposeDirectivesInput }) {
  const parts: unknown[] = [];
  if (collected.text) parts.push({ type: "text", text: collected.text });
  collected.notes.forEach((n, i) => parts.push({ type: "tool-record_evolution_note", toolCallId: `ritual-${session.id}-${session.round}-note-${i}`, state: "output-available", input: n, output: { ok: true, kind: n.kind } }));
  if (proposal) {
    parts.push({
      type: "tool-propose_directives",
      toolCallId: `ritual-${session.id}-${session.round}-propose`,
      state: "output-available",
      input: proposal.input,
      output: { ok: true, proposalId: proposal.proposalId, status: proposal.status, version: proposal.version, confidence: proposal.confidence },
    });
  }
  const base = { workspaceId: session.workspaceId, sessionId: session.id };
  return [
    { ...base, role: "user" as const, parts: [{ type: "text", text: request }] as unknown as Prisma.InputJsonValue, metadata: { kind: "ritual" } },
    { ...base, role: "assistant" as const, parts: parts as Prisma.InputJsonValue, metadata: {} },
  ];
}

/** Analysis: the improver records notes — at least one hypothesis (its first sentence becomes one if it wrote none). */
export async function analyzeRitual(sessionId: string, models: RitualModels = {}) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "analyzing") return { status: session.status };
  const collected = await ritualTurn(session, RITUAL_ANALYSIS, "note", models.improver);
  if (!collected.notes.some((n) => n.kind === "hypothesis")) {
    const first = collected.text.split(/(?<=[.!?])\s/)[0]?.trim();
    collected.notes.push({ kind: "hypothesis", content: first ? `To verify next week: ${first}` : "To verify next week: the feedback of this week recurs unless the directives change." });
  }
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "analyzing") return { status: locked.status };
    await t.evolutionNote.createMany({ data: collected.notes.map((n) => ({ workspaceId: locked.workspaceId, templateId: locked.templateId, sessionId, kind: n.kind, content: n.content })) });
    await t.evolutionMessage.createMany({ data: transcriptRows(locked, RITUAL_ANALYSIS.text, collected) });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "proposing" } });
    return { status: "proposing" as const, notes: collected.notes.length };
  });
}

/**
 * Proposal: the improver proposes complete directives (after a rejection: addressing its reason).
 * The proposal, the transcript and status awaiting_review (+ the 7-day deadline) are written in
 * one transaction. No usable proposal → the session completes with nothing to approve.
 */
export async function proposeRitual(sessionId: string, models: RitualModels = {}, now = new Date()) {
  const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
  if (session.status !== "proposing") return { status: session.status };
  const rejected = session.round > 0 ? await db.proposal.findFirst({ where: { sessionId, status: "rejected" }, orderBy: { decidedAt: "desc" } }) : null;
  const request = ritualProposalRequest(rejected?.rejectionReason);
  const collected = await ritualTurn(session, request, "propose", models.improver);
  return db.$transaction(async (t) => {
    const locked = await lockRitual(t, sessionId);
    if (locked.status !== "proposing") return { status: locked.status };
    const input = collected.proposals.at(-1);
    let recorded: Awaited<ReturnType<typeof recordProposalInTx>> | null = null;
    if (input) {
      try {
        recorded = await recordProposalInTx(t, { workspaceId: locked.workspaceId, sessionId, input });
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        collected.text = `${collected.text}\n\n(Proposal not recorded: ${e.message})`.trim();
      }
    }
    if (collected.notes.length) await t.evolutionNote.createMany({ data: collected.notes.map((n) => ({ workspaceId: locked.workspaceId, templateId: locked.templateId, sessionId, kind: n.kind, content: n.content })) });
    await t.evolutionMessage.createMany({ data: transcriptRows(locked, request.text, collected, recorded && input ? { ...recorded, input } : undefined) });
    if (!recorded) {
      await t.evolutionSession.update({
        where: { id: sessionId },
        data: { status: "completed", completedAt: now, outcomeNote: "The improver found nothing to change this week.", lastAcknowledgedCounter: locked.coveredUntilCounter },
      });
      return { status: "completed" as const };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "awaiting_review", decisionDueAt: new Date(now.getTime() + DECISION_TIMEOUT_MS) } });
    return { status: "awaiting_review" as const, proposalId: recorded.proposalId };
  });
}

/**
 * After a person's decision: an approval already completed the session (approveProposal) and a
 * rejection left it awaiting_review with no open proposal → the next round (status proposing), or
 * after MAX_RITUAL_ROUNDS rejections the session is abandoned.
 */
export async function resumeAfterDecision(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (session.status !== "awaiting_review") return { status: session.status };
    const open = await t.proposal.count({ where: { sessionId, status: { in: ["pending", "draft"] } } });
    if (open > 0) return { status: session.status };
    if (session.round + 1 >= MAX_RITUAL_ROUNDS) {
      await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: now, outcomeNote: `Rejected ${MAX_RITUAL_ROUNDS} times: the ritual ends without a new version.` } });
      return { status: "abandoned" as const };
    }
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "proposing", round: { increment: 1 }, decisionDueAt: null } });
    return { status: "proposing" as const };
  });
}

/** Nobody decided within DECISION_TIMEOUT_MS: the session is abandoned (the caller sends the reminder). */
export async function expireRitual(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (session.status !== "awaiting_review" || !session.decisionDueAt || session.decisionDueAt > now) return { status: session.status, expired: false };
    await t.proposal.updateMany({ where: { sessionId, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned", completedAt: now, outcomeNote: "Nobody decided within 7 days." } });
    return { status: "abandoned" as const, expired: true };
  });
}

/**
 * Post-ritual update, once per session (the weekly summary report's id is the marker): improver
 * slots (lastOneOnOneAt, lastFeedbackScanAt, totalSessionsCompleted), the next scheduled wake in
 * the schedule's time zone, and the weekly summary report with a confidence.
 */
export async function finalizeRitual(sessionId: string, now = new Date()) {
  return db.$transaction(async (t) => {
    const session = await lockRitual(t, sessionId);
    if (isOpen(session.status) || session.summaryReportId || !session.improverAgentId) return { finalized: false, status: session.status };
    const improver = await loadImprover(t, session.workspaceId, session.improverAgentId);
    if (!improver?.state || !improver.targetTemplate) return { finalized: false, status: session.status };
    const [proposals, notes] = await Promise.all([
      t.proposal.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" }, include: { resultingVersion: { select: { number: true } } } }),
      t.evolutionNote.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" }, select: { kind: true, content: true } }),
    ]);
    const approved = proposals.find((p) => p.status === "approved");
    const slots = improver.state.slots as Partial<ImproverSlots>;
    const completed = session.status === "completed";
    const nextSlots: ImproverSlots = {
      activeTemplateId: improver.targetTemplate.id,
      lastOneOnOneAt: completed ? (session.completedAt ?? now).toISOString() : (slots.lastOneOnOneAt ?? null),
      lastFeedbackScanAt: now.toISOString(),
      feedbackWindowDays: slots.feedbackWindowDays ?? 7,
      totalSessionsCompleted: (slots.totalSessionsCompleted ?? 0) + (completed ? 1 : 0),
      recursionDepth: slots.recursionDepth ?? improver.targetTemplate.level + 1,
    };
    // beginRitual set the next occurrence; if it passed while this session was open (its wake
    // found the session still open), keep it so the missed ritual runs at the next check.
    const scheduledWakeAt = improver.state.scheduledWakeAt ?? nextWakeOf(improver, now);
    const report = await t.agentReport.create({
      data: {
        workspaceId: session.workspaceId,
        agentId: improver.id,
        templateId: improver.templateId,
        scope: "weekly_summary",
        markdown: summaryMarkdown(session, improver.targetTemplate.name, proposals, notes, approved?.resultingVersion?.number ?? null),
        confidence: approved?.confidence ?? (session.status === "skipped" ? null : (proposals.at(-1)?.confidence ?? null)),
      },
    });
    await t.agentState.update({
      where: { agentId: improver.id },
      data: { slots: nextSlots as unknown as Prisma.InputJsonValue, scheduledWakeAt, revision: { increment: 1 } },
    });
    await t.evolutionSession.update({ where: { id: sessionId }, data: { summaryReportId: report.id } });
    return { finalized: true, status: session.status, scheduledWakeAt };
  });
}

function summaryMarkdown(
  session: EvolutionSession,
  templateName: string,
  proposals: { status: string; rationale: string; confidence: number; rejectionReason: string | null }[],
  notes: { kind: string; content: string }[],
  version: number | null,
): string {
  const feedback = session.feedbackSummary as FeedbackSummary | null;
  const outcome =
    session.status === "completed"
      ? version
        ? `Approved v${version}${session.userRating != null ? ` (rated ${session.userRating.toFixed(2)})` : ""}.`
        : (session.outcomeNote ?? "Completed without a change.")
      : session.status === "skipped"
        ? `Skipped: ${session.outcomeNote ?? "too little feedback."}`
        : `Abandoned: ${session.outcomeNote ?? "no decision."}`;
  const lines = [
    `## Weekly ritual #${session.sessionNumber} · ${templateName}`,
    `**Outcome:** ${outcome}`,
    feedback ? `**Feedback:** ${feedback.totals.negative} negative, ${feedback.totals.positive} positive, ${feedback.totals.neutral} neutral.` : "",
    proposals.length ? `**Proposals:** ${proposals.map((p, i) => `#${i + 1} ${p.status} (confidence ${p.confidence.toFixed(2)})${p.rejectionReason ? ` — “${p.rejectionReason}”` : ""}`).join("; ")}` : "",
    notes.filter((n) => n.kind === "hypothesis").map((n) => `- Hypothesis: ${n.content}`).join("\n"),
  ];
  return lines.filter(Boolean).join("\n\n");
}

export type AdvanceDeps = RitualModels & { notify?: Notifier; now?: () => Date };

/**
 * Moves a ritual as far as it can go without a person: what each of the ritual function's `advance` steps runs, and
 * "Run ritual now". Returns the status it stopped at (awaiting_review = waiting for a decision).
 */
export async function advanceRitual(sessionId: string, deps: AdvanceDeps = {}) {
  const now = () => deps.now?.() ?? new Date();
  for (let guard = 0; guard < 10; guard++) {
    const session = await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } });
    switch (session.status) {
      case "preparing":
        await prepareRitual(sessionId, deps, now());
        continue;
      case "analyzing":
        await analyzeRitual(sessionId, deps);
        continue;
      case "proposing":
        await proposeRitual(sessionId, deps, now());
        continue;
      case "awaiting_review": {
        if (session.decisionDueAt && session.decisionDueAt <= now()) {
          const expired = await expireRitual(sessionId, now());
          if (expired.expired) await notifySafely(deps.notify, sessionId, "reminder");
          continue;
        }
        const resumed = await resumeAfterDecision(sessionId, now());
        if (resumed.status !== "awaiting_review") continue;
        // Waiting for a person. Notifying again is a no-op (dedupe per round), so a failed notice is retried here.
        await notifySafely(deps.notify, sessionId, "review");
        return { status: "awaiting_review" as const };
      }
      case "active":
        return { status: session.status };
      default:
        await finalizeRitual(sessionId, now());
        return { status: session.status };
    }
  }
  throw new Error(`ritual ${sessionId} did not settle`);
}

/** Notifications never undo a transition: a failure is logged and retried by the next advance (dedupe keys). */
async function notifySafely(notify: Notifier | undefined, sessionId: string, kind: "review" | "reminder") {
  if (!notify) return;
  try {
    await notify({ session: await db.evolutionSession.findUniqueOrThrow({ where: { id: sessionId } }), kind });
  } catch (e) {
    logger.error("ritual: notification failed", { sessionId, kind, ...errorFields(e) });
  }
}
