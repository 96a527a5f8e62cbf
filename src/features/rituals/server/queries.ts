import "server-only";
import type { AgentLifecycle, EvolutionNoteKind, EvolutionSessionStatus, TemplateKind } from "@/generated/prisma/enums";
import type { FeedbackSummary } from "@/features/feedback/server";
import { listProposals, sessionFeedback, type ProposalView } from "@/features/one-on-one/server";
import { CLOSED_STATUSES, OPEN_STATUSES } from "@/features/one-on-one/status";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { nextRitualAt, scheduleOf, type Cadence, type RitualSchedule } from "../schedule";
import { cadenceOf, getImproverOf, MAX_IMPROVER_LEVEL, type ImproverSlots } from "./improvers";

// Read models of the ritual review page, the template page's "Weekly ritual" panel and the
// schedule settings. Every query is scoped by workspace in its WHERE.

const scheduleFields = { ritualWeekday: true, ritualHour: true, ritualTimezone: true } as const;

export type RitualReview = {
  session: {
    id: string;
    sessionNumber: number;
    status: EvolutionSessionStatus;
    round: number;
    decisionDueAt: Date | null;
    outcomeNote: string | null;
    userRating: number | null;
    createdAt: Date;
    completedAt: Date | null;
  };
  template: { id: string; name: string; kind: TemplateKind; level: number; headVersion: { id: string; number: number } | null };
  improver: { id: string; displayName: string } | null;
  cadence: Cadence;
  /** The template's effective schedule: times on the page read in its zone. */
  schedule: RitualSchedule;
  feedbackSummary: FeedbackSummary | null;
  notes: { id: string; kind: EvolutionNoteKind; content: string; createdAt: Date }[];
  proposals: ProposalView[];
  /** The version the ritual created (an approved proposal), if any. */
  createdVersion: number | null;
};

/** A ritual session of this workspace with everything its review page shows; null for anything else. */
export async function getRitualReview(workspaceId: string, sessionId: string): Promise<RitualReview | null> {
  const session = await db.evolutionSession.findFirst({
    where: { id: sessionId, workspaceId, origin: "ritual" },
    include: { template: { select: { id: true, name: true, kind: true, level: true, head: { select: { id: true, number: true } }, ...scheduleFields, workspace: { select: scheduleFields } } } },
  });
  if (!session) return null;
  const [notes, proposals, improver] = await Promise.all([
    db.evolutionNote.findMany({ where: { workspaceId, sessionId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, kind: true, content: true, createdAt: true } }),
    listProposals(workspaceId, sessionId),
    session.improverAgentId ? db.agent.findFirst({ where: { id: session.improverAgentId, workspaceId }, select: { id: true, displayName: true } }) : null,
  ]);
  const { template } = session;
  return {
    session: {
      id: session.id,
      sessionNumber: session.sessionNumber,
      status: session.status,
      round: session.round,
      decisionDueAt: session.decisionDueAt,
      outcomeNote: session.outcomeNote,
      userRating: session.userRating,
      createdAt: session.createdAt,
      completedAt: session.completedAt,
    },
    template: { id: template.id, name: template.name, kind: template.kind, level: template.level, headVersion: template.head },
    improver,
    // The session's template is the improver's target: a task template → weekly, the level-1 improver template → monthly.
    cadence: template.level === 0 ? "weekly" : "monthly",
    schedule: scheduleOf(template.workspace, template),
    feedbackSummary: sessionFeedback(session),
    notes,
    proposals,
    createdVersion: proposals.find((p) => p.status === "approved")?.resultingVersion ?? null,
  };
}

export type RitualSessionSummary = {
  id: string;
  sessionNumber: number;
  status: EvolutionSessionStatus;
  round: number;
  outcomeNote: string | null;
  decisionDueAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
  createdVersion: number | null;
};

export type TemplateRitualPanel =
  | { capped: true; level: number }
  | {
      capped: false;
      level: number;
      cadence: Cadence;
      schedule: RitualSchedule;
      /** The template's own override (null fields: the workspace's). */
      override: { weekday: number | null; hour: number | null; timezone: string | null };
      workspaceSchedule: RitualSchedule;
      improver: {
        id: string;
        displayName: string;
        lifecycle: AgentLifecycle;
        scheduledWakeAt: Date | null;
        totalSessionsCompleted: number;
        lastOneOnOneAt: Date | null;
      } | null;
      /** When the next ritual starts: the improver's scheduled wake, else the schedule's next slot; null while paused. */
      nextRitualAt: Date | null;
      /** The scheduled wake has passed: the next hourly check starts it. */
      overdue: boolean;
      lastRitual: RitualSessionSummary | null;
      openRitual: RitualSessionSummary | null;
      /** An interactive one-on-one is open: a ritual waits for it (beginRitual postpones by a day). */
      openOneOnOne: { id: string; sessionNumber: number } | null;
    };

type SessionSummaryRow = RitualSessionSummary & { which: "last" | "open"; origin: string };

/**
 * The template's newest closed ritual and its open session (ritual or chat), each with the version
 * its approved proposal created, in one statement: as Prisma relation selects they took six (the
 * sessions, their proposals, the proposals' versions — also when there were none).
 */
async function latestSessions(workspaceId: string, templateId: string) {
  const columns = Prisma.sql`e."id", e."sessionNumber", e."status"::text AS "status", e."round", e."outcomeNote", e."decisionDueAt", e."createdAt", e."completedAt", e."origin"::text AS "origin",
    (SELECT v."number" FROM "Proposal" p JOIN "TemplateVersion" v ON v."id" = p."resultingVersionId" WHERE p."sessionId" = e."id" AND p."status" = 'approved' LIMIT 1) AS "createdVersion"`;
  const rows = await db.$queryRaw<SessionSummaryRow[]>`
    (SELECT 'last' AS "which", ${columns} FROM "EvolutionSession" e
      WHERE e."workspaceId" = ${workspaceId} AND e."templateId" = ${templateId} AND e."origin" = 'ritual' AND e."status"::text IN (${Prisma.join([...CLOSED_STATUSES])})
      ORDER BY e."sessionNumber" DESC LIMIT 1)
    UNION ALL
    (SELECT 'open' AS "which", ${columns} FROM "EvolutionSession" e
      WHERE e."workspaceId" = ${workspaceId} AND e."templateId" = ${templateId} AND e."status"::text IN (${Prisma.join([...OPEN_STATUSES])})
      ORDER BY e."sessionNumber" DESC LIMIT 1)`;
  return { lastRitual: rows.find((r) => r.which === "last") ?? null, openSession: rows.find((r) => r.which === "open") ?? null };
}

const toSummary = ({ id, sessionNumber, status, round, outcomeNote, decisionDueAt, createdAt, completedAt, createdVersion }: SessionSummaryRow): RitualSessionSummary => ({
  id,
  sessionNumber,
  status,
  round,
  outcomeNote,
  decisionDueAt,
  createdAt,
  completedAt,
  createdVersion,
});

/** The template page's "Weekly ritual" panel; null when the template is not this workspace's. */
export async function getTemplateRitualPanel(workspaceId: string, templateId: string, now = new Date()): Promise<TemplateRitualPanel | null> {
  const template = await db.agentTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: { id: true, level: true, kind: true, ...scheduleFields, workspace: { select: scheduleFields } },
  });
  if (!template) return null;
  if (template.level >= MAX_IMPROVER_LEVEL) return { capped: true, level: template.level };
  const [improver, { lastRitual, openSession }] = await Promise.all([getImproverOf(workspaceId, templateId), latestSessions(workspaceId, templateId)]);
  const schedule = scheduleOf(template.workspace, template);
  const cadence: Cadence = improver ? cadenceOf(improver.kind) : template.level === 0 ? "weekly" : "monthly";
  const slots = (improver?.state?.slots ?? {}) as Partial<ImproverSlots>;
  const scheduledWakeAt = improver?.state?.scheduledWakeAt ?? null;
  const paused = improver ? improver.lifecycle !== "active" : false;
  const nextAt = paused ? null : (scheduledWakeAt ?? nextRitualAt(schedule, now, cadence));
  return {
    capped: false,
    level: template.level,
    cadence,
    schedule,
    override: { weekday: template.ritualWeekday, hour: template.ritualHour, timezone: template.ritualTimezone },
    workspaceSchedule: scheduleOf(template.workspace),
    improver: improver
      ? {
          id: improver.id,
          displayName: improver.displayName,
          lifecycle: improver.lifecycle,
          scheduledWakeAt,
          totalSessionsCompleted: slots.totalSessionsCompleted ?? 0,
          lastOneOnOneAt: slots.lastOneOnOneAt ? new Date(slots.lastOneOnOneAt) : null,
        }
      : null,
    nextRitualAt: nextAt,
    overdue: !!nextAt && nextAt <= now,
    lastRitual: lastRitual ? toSummary(lastRitual) : null,
    openRitual: openSession?.origin === "ritual" ? toSummary(openSession) : null,
    openOneOnOne: openSession && openSession.origin !== "ritual" ? { id: openSession.id, sessionNumber: openSession.sessionNumber } : null,
  };
}

export type ScheduleRow = {
  id: string;
  name: string;
  kind: TemplateKind;
  level: number;
  cadence: Cadence;
  schedule: RitualSchedule;
  overridden: boolean;
  lifecycle: AgentLifecycle | null;
  nextRitualAt: Date | null;
};

/** The schedule settings page: the workspace's schedule and, per improvable template, when its next ritual starts. */
export async function getScheduleOverview(workspaceId: string, now = new Date()) {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: scheduleFields });
  const templates = await db.agentTemplate.findMany({
    where: { workspaceId, level: { lt: MAX_IMPROVER_LEVEL } },
    orderBy: [{ level: "asc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      kind: true,
      level: true,
      ...scheduleFields,
      improvers: { where: { workspaceId }, select: { kind: true, lifecycle: true, state: { select: { scheduledWakeAt: true } } }, take: 1 },
    },
  });
  const rows: ScheduleRow[] = templates.map((t) => {
    const improver = t.improvers[0];
    const cadence: Cadence = improver ? cadenceOf(improver.kind) : t.level === 0 ? "weekly" : "monthly";
    const schedule = scheduleOf(workspace, t);
    const paused = improver ? improver.lifecycle !== "active" : false;
    return {
      id: t.id,
      name: t.name,
      kind: t.kind,
      level: t.level,
      cadence,
      schedule,
      overridden: t.ritualWeekday != null || t.ritualHour != null || t.ritualTimezone != null,
      lifecycle: improver?.lifecycle ?? null,
      nextRitualAt: paused ? null : (improver?.state?.scheduledWakeAt ?? nextRitualAt(schedule, now, cadence)),
    };
  });
  return { schedule: scheduleOf(workspace), templates: rows };
}
