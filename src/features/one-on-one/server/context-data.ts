import "server-only";
import { countChangesSince } from "@/features/agents/server";
import { decisionModelForImprover } from "@/features/decision-model/server";
import { getTemplateMetrics } from "@/features/dashboards/server";
import type { FeedbackSummary } from "@/features/feedback/server";
import { hypothesesForContext } from "@/features/hypotheses/server";
import { db } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { CONTEXT_CAPS, DECISION_HISTORY_DAYS, METRICS_DAYS } from "./budgets";
import type { ImproverContextData } from "./context";
import { getClauseBlame } from "./clause-blame";
import { getDecisionHistory } from "./decision-history";

// Reads everything the improver's context needs: each source is one capped,
// indexed query scoped by workspace AND template, newest first, so the cost does not grow with the
// number of instances. The queries are independent and run concurrently.

/** Notes read per session: a budget of 800 tokens holds about this many anyway. */
const NOTES_PER_SESSION = 20;
const DAY_MS = 86_400_000;

type Scoped = { workspaceId: string; templateId: string };

export type LoadImproverContextInput = Scoped & {
  origin: ImproverContextData["origin"];
  /** The counter the session's delta starts after (the previous session's acknowledgement). */
  sinceCounter: number;
  feedback: FeedbackSummary | null;
  lastSessionAt: Date | null;
  now?: Date;
};

export async function loadImproverContextData(input: LoadImproverContextInput): Promise<ImproverContextData> {
  const { workspaceId, templateId, now = new Date() } = input;
  const scope = { workspaceId, templateId };
  const [template, versions, reports, observations, notes, metrics, delta, decisions, ledger, clauses, accepted, rejected] = await Promise.all([
    getTemplateWithHead(scope),
    listRecentVersions(scope),
    listRecentReports(scope),
    listRecentObservations(scope),
    listRecentNotes(scope),
    getTemplateMetrics({ workspaceId, templateId, days: METRICS_DAYS, now }),
    countChangesSince({ workspaceId, templateId, sinceCounter: input.sinceCounter }),
    getDecisionHistory({ workspaceId, templateId, since: new Date(now.getTime() - DECISION_HISTORY_DAYS * DAY_MS), now }),
    hypothesesForContext(scope),
    // A template without a head has no clauses to blame.
    getClauseBlame(workspaceId, templateId, now).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) return [];
      throw e;
    }),
    decisionModelForImprover(scope),
    listRejectedDirectives(scope, now),
  ]);
  if (!template) throw notFound("Template not found.");
  return {
    template: { id: template.id, name: template.name },
    origin: input.origin,
    head: template.head ? { number: template.head.number, directives: template.head.directives } : null,
    versions: versions.map((v) => ({ number: v.number, authoredBy: v.authoredBy, rationale: v.rationale, createdAt: v.createdAt, isHead: v.id === template.headVersionId })),
    reports,
    observations,
    notes,
    ledger,
    orphans: clauses.filter((c) => c.orphan).map((c) => ({ line: c.line, version: c.version, category: c.category })),
    metrics,
    feedback: input.feedback,
    decisions,
    delta: { total: delta.total, capped: delta.capped, sinceCounter: input.sinceCounter, lastSessionAt: input.lastSessionAt },
    accepted,
    rejectedDirectives: rejected,
  };
}

/** Proposals people rejected in the last 8 weeks, newest first: the improver does not make them again as they were. */
async function listRejectedDirectives({ workspaceId, templateId }: Scoped, now: Date): Promise<string[]> {
  const rows = await db.proposal.findMany({
    where: { workspaceId, templateId, status: "rejected", createdAt: { gte: new Date(now.getTime() - 56 * DAY_MS), lte: now } },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { directives: true },
  });
  return rows.map((r) => r.directives);
}

function getTemplateWithHead({ workspaceId, templateId }: Scoped) {
  return db.agentTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: { id: true, name: true, headVersionId: true, head: { select: { number: true, directives: true } } },
  });
}

function listRecentVersions({ workspaceId, templateId }: Scoped) {
  return db.templateVersion.findMany({
    where: { workspaceId, templateId },
    orderBy: { number: "desc" },
    take: CONTEXT_CAPS.versions,
    select: { id: true, number: true, authoredBy: true, rationale: true, createdAt: true },
  });
}

// Ties on createdAt (rows written in one transaction) break on the change counter: the later write first.
const newestFirst = [{ createdAt: "desc" as const }, { changeCounter: "desc" as const }];

async function listRecentReports({ workspaceId, templateId }: Scoped): Promise<ImproverContextData["reports"]> {
  const rows = await db.agentReport.findMany({
    where: { workspaceId, templateId },
    orderBy: newestFirst,
    take: CONTEXT_CAPS.reports,
    select: { agentId: true, markdown: true, confidence: true, createdAt: true, agent: { select: { displayName: true } } },
  });
  return rows.map((r) => ({ agentId: r.agentId, agentName: r.agent.displayName, markdown: r.markdown, confidence: r.confidence, createdAt: r.createdAt }));
}

async function listRecentObservations({ workspaceId, templateId }: Scoped): Promise<ImproverContextData["observations"]> {
  const rows = await db.agentMessage.findMany({
    where: { workspaceId, templateId, kind: "observation" },
    orderBy: newestFirst,
    take: CONTEXT_CAPS.observations,
    select: { agentId: true, text: true, createdAt: true, agent: { select: { displayName: true } } },
  });
  return rows.map((o) => ({ agentId: o.agentId, agentName: o.agent.displayName, text: o.text, createdAt: o.createdAt }));
}

/** Notes of the newest sessions that wrote any (a session without notes does not use up a slot). */
async function listRecentNotes({ workspaceId, templateId }: Scoped): Promise<ImproverContextData["notes"]> {
  const noteScope = { workspaceId, templateId };
  const sessions = await db.evolutionSession.findMany({
    where: { workspaceId, templateId, notes: { some: noteScope } },
    orderBy: { sessionNumber: "desc" },
    take: CONTEXT_CAPS.noteSessions,
    select: {
      sessionNumber: true,
      notes: { where: noteScope, orderBy: { createdAt: "desc" }, take: NOTES_PER_SESSION, select: { kind: true, content: true, createdAt: true } },
    },
  });
  return sessions.flatMap((s) => s.notes.map((n) => ({ sessionNumber: s.sessionNumber, kind: n.kind, content: n.content, createdAt: n.createdAt })));
}
