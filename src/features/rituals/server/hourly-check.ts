import "server-only";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { ensureWorkspaceImprovers } from "./improvers";

// The hourly check: every improver whose scheduledWakeAt has passed gets a ritual wake (a missed
// hour runs at the next check; beginRitual moves scheduledWakeAt forward at once, so a wake is
// never started twice), and every ritual that no run is driving — past its 7-day deadline, or
// decided but never acted on — gets a "resume" wake that adopts it.

/** scheduledWakeAt (ISO): the due time this wake is for (its event id, event-ids.ts). templateId: the template it improves. */
export type DueImprover = { workspaceId: string; improverAgentId: string; templateId: string | null; scheduledWakeAt: string };
export type ExpiredRitual = { workspaceId: string; sessionId: string; improverAgentId: string; templateId: string };

/** Improvers due now: active, with a passed scheduledWakeAt. Ordered, capped per check. */
export async function findDueImprovers(now = new Date(), limit = 500): Promise<DueImprover[]> {
  const rows = await db.agent.findMany({
    where: { kind: { in: ["templateImprover", "metaImprover"] }, lifecycle: "active", state: { scheduledWakeAt: { lte: now } } },
    orderBy: { state: { scheduledWakeAt: "asc" } },
    take: limit,
    select: { id: true, workspaceId: true, targetTemplateId: true, state: { select: { scheduledWakeAt: true } } },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, improverAgentId: r.id, templateId: r.targetTemplateId, scheduledWakeAt: r.state!.scheduledWakeAt!.toISOString() }));
}

/**
 * Ritual sessions still awaiting a decision UNRESUMED_AFTER_MS past their deadline: the run that
 * waited for them (its wait ends at the deadline) should have ended them by then.
 */
export async function findExpiredRituals(now = new Date(), limit = 500): Promise<ExpiredRitual[]> {
  const rows = await db.evolutionSession.findMany({
    where: { origin: "ritual", status: "awaiting_review", decisionDueAt: { lte: new Date(now.getTime() - UNRESUMED_AFTER_MS) }, improverAgentId: { not: null } },
    take: limit,
    select: { id: true, workspaceId: true, improverAgentId: true, templateId: true },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, sessionId: r.id, improverAgentId: r.improverAgentId!, templateId: r.templateId }));
}

export type UnresumedDecision = ExpiredRitual & { decision: "approved" | "rejected" };

/** A decision younger than this may still be on its way to the ritual (the job is queued). */
export const UNRESUMED_AFTER_MS = 10 * 60_000;
const UNRESUMED_WITHIN_MS = 7 * 24 * 3_600_000;

/**
 * Ritual sessions a person decided that the ritual never acted on — closed (approved, or ended)
 * without the post-ritual update, or awaiting review with no open proposal left — for longer than
 * UNRESUMED_AFTER_MS (and within the last week): the run waiting for the decision missed it (it
 * came between its check and its wait) or failed for good. A "resume" wake adopts the session;
 * every transition is idempotent.
 */
export async function findUnresumedDecisions(now = new Date(), limit = 500): Promise<UnresumedDecision[]> {
  const before = new Date(now.getTime() - UNRESUMED_AFTER_MS);
  const since = new Date(now.getTime() - UNRESUMED_WITHIN_MS);
  const rows = await db.evolutionSession.findMany({
    where: {
      origin: "ritual",
      improverAgentId: { not: null },
      OR: [
        { status: { in: ["completed", "abandoned", "failed"] }, summaryReportId: null, completedAt: { lte: before, gte: since } },
        { status: "awaiting_review", updatedAt: { lte: before, gte: since }, proposals: { some: {}, none: { status: { in: ["pending", "draft"] } } } },
      ],
    },
    take: limit,
    select: { id: true, workspaceId: true, improverAgentId: true, templateId: true, status: true },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, sessionId: r.id, improverAgentId: r.improverAgentId!, templateId: r.templateId, decision: r.status === "completed" ? "approved" : "rejected" }));
}

/** Templates created before improvers existed get theirs (cheap: one anti-join per workspace). */
export async function ensureAllImprovers(now = new Date()) {
  const workspaces = await db.workspace.findMany({ where: { templates: { some: { level: { lt: 2 }, improvers: { none: {} } } } }, select: { id: true } });
  let created = 0;
  for (const w of workspaces) {
    try {
      created += await ensureWorkspaceImprovers(w.id, now);
    } catch (e) {
      logger.error("rituals: could not create improvers", { workspaceId: w.id, ...errorFields(e) });
    }
  }
  return created;
}

/** A ritual no run is driving any more (past its deadline, or a decision nobody acted on): it gets a "resume" wake. */
export type StuckRitual = ExpiredRitual & { why: "expired" | "decided" };

/**
 * One check (the ritual-hourly-check function's `check` step): creates missing improvers and
 * collects the improvers that are due and the rituals that are stuck. Sending their wakes is the
 * caller's (step.sendEvent), so a retried check never sends twice what it already sent.
 */
export async function runHourlyCheck(now = new Date(), { createImprovers = true }: { createImprovers?: boolean } = {}) {
  const improversCreated = createImprovers ? await ensureAllImprovers(now) : 0;
  const [due, expired, unresumed] = await Promise.all([findDueImprovers(now), findExpiredRituals(now), findUnresumedDecisions(now)]);
  const stuck = new Map<string, StuckRitual>();
  for (const e of expired) stuck.set(e.sessionId, { ...e, why: "expired" });
  for (const u of unresumed) if (!stuck.has(u.sessionId)) stuck.set(u.sessionId, { workspaceId: u.workspaceId, sessionId: u.sessionId, improverAgentId: u.improverAgentId, templateId: u.templateId, why: "decided" });
  return { improversCreated, due, stuck: [...stuck.values()], checkedAt: now.toISOString() };
}
