import "server-only";
import { db } from "@/server/db";
import { errorFields, logger } from "@/server/logger";
import { ensureWorkspaceImprovers } from "./improvers";

// The hourly check (seed 000 §6.1): every improver whose scheduledWakeAt has passed gets a ritual
// wake (a missed hour runs at the next check; beginRitual moves scheduledWakeAt forward at once,
// so a wake is never started twice), and every proposal past its 7-day deadline is expired.

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
};

/** One check: what the embedded runner's interval and the Inngest cron function both do. */
export async function runHourlyCheck(deps: HourlyCheckDeps, now = new Date(), { createImprovers = true }: { createImprovers?: boolean } = {}) {
  const improversCreated = createImprovers ? await ensureAllImprovers(now) : 0;
  const [due, expired] = await Promise.all([findDueImprovers(now), findExpiredRituals(now)]);
  for (const d of due) await deps.requestRitual({ ...d, reason: "scheduled" });
  for (const e of expired) await deps.announceExpiry(e);
  return { improversCreated, due: due.length, expired: expired.length };
}
