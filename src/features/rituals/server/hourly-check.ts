import "server-only";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { ensureWorkspaceImprovers } from "./improvers";

// The hourly check: every improver whose scheduledWakeAt has passed gets a ritual wake (a missed
// hour runs at the next check; beginRitual moves scheduledWakeAt forward at once, so a wake is
// never started twice), every proposal past its 7-day deadline is expired, and every ritual whose
// decision was recorded but never acted on is resumed.

export type DueImprover = { workspaceId: string; improverAgentId: string };
export type ExpiredRitual = { workspaceId: string; sessionId: string; improverAgentId: string };

/** Improvers due now: active, with a passed scheduledWakeAt. Ordered, capped per check. */
export async function findDueImprovers(now = new Date(), limit = 500): Promise<DueImprover[]> {
  const rows = await db.agent.findMany({
    where: { kind: { in: ["templateImprover", "metaImprover"] }, lifecycle: "active", state: { scheduledWakeAt: { lte: now } } },
    orderBy: { state: { scheduledWakeAt: "asc" } },
    take: limit,
    select: { id: true, workspaceId: true },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, improverAgentId: r.id }));
}

/** Ritual sessions still awaiting a decision past their deadline. */
export async function findExpiredRituals(now = new Date(), limit = 500): Promise<ExpiredRitual[]> {
  const rows = await db.evolutionSession.findMany({
    where: { origin: "ritual", status: "awaiting_review", decisionDueAt: { lte: now }, improverAgentId: { not: null } },
    take: limit,
    select: { id: true, workspaceId: true, improverAgentId: true },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, sessionId: r.id, improverAgentId: r.improverAgentId! }));
}

export type UnresumedDecision = ExpiredRitual & { decision: "approved" | "rejected" };

/** A decision younger than this may still be on its way to the ritual (the job is queued). */
export const UNRESUMED_AFTER_MS = 10 * 60_000;
const UNRESUMED_WITHIN_MS = 7 * 24 * 3_600_000;

/**
 * Ritual sessions a person decided that the ritual never acted on — closed (approved, or ended)
 * without the post-ritual update, or awaiting review with no open proposal left — for longer than
 * UNRESUMED_AFTER_MS (and within the last week). Their decision event was lost (before the outbox
 * existed) or its job failed for good; sending it again is safe: every transition is idempotent.
 */
export async function findUnresumedDecisions(now = new Date(), limit = 500): Promise<UnresumedDecision[]> {
  const before = new Date(now.getTime() - UNRESUMED_AFTER_MS);
  const since = new Date(now.getTime() - UNRESUMED_WITHIN_MS);
  const rows = await db.evolutionSession.findMany({
    where: {
      origin: "ritual",
      improverAgentId: { not: null },
      OR: [
        { status: { in: ["completed", "abandoned"] }, summaryReportId: null, completedAt: { lte: before, gte: since } },
        { status: "awaiting_review", updatedAt: { lte: before, gte: since }, proposals: { some: {}, none: { status: { in: ["pending", "draft"] } } } },
      ],
    },
    take: limit,
    select: { id: true, workspaceId: true, improverAgentId: true, status: true },
  });
  return rows.map((r) => ({ workspaceId: r.workspaceId, sessionId: r.id, improverAgentId: r.improverAgentId!, decision: r.status === "completed" ? "approved" : "rejected" }));
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

export type HourlyCheckDeps = {
  requestRitual: (d: DueImprover & { reason: "scheduled" }) => Promise<void>;
  announceExpiry: (d: ExpiredRitual) => Promise<void>;
  announceDecision: (d: UnresumedDecision) => Promise<void>;
};

/** One check: what the embedded runner's interval and the Inngest cron function both do. */
export async function runHourlyCheck(deps: HourlyCheckDeps, now = new Date(), { createImprovers = true }: { createImprovers?: boolean } = {}) {
  const improversCreated = createImprovers ? await ensureAllImprovers(now) : 0;
  const [due, expired, unresumed] = await Promise.all([findDueImprovers(now), findExpiredRituals(now), findUnresumedDecisions(now)]);
  for (const d of due) await deps.requestRitual({ ...d, reason: "scheduled" });
  for (const e of expired) await deps.announceExpiry(e);
  for (const u of unresumed) await deps.announceDecision(u);
  return { improversCreated, due: due.length, expired: expired.length, resumed: unresumed.length };
}
