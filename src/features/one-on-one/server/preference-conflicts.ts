import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { int, ts } from "@/features/dashboards/server";
import { db, type Tx } from "@/server/db";
import { CONFLICT_WINDOW_DAYS, describeConflict, detectConflicts, pairKeyOf, rulingText, type ReviewerFigures, type ReviewerTally, type Ruling } from "../conflicts";

// Preference conflicts on a template: the SQL read of each reviewer's verdicts per tool, the
// ritual's raise (one open conflict per template, tool and pair of reviewers: refreshed, never
// duplicated), and the read models of the cards and of the improver's context. Detection itself
// is pure (../conflicts.ts).

const DAY_MS = 86_400_000;

type Scoped = { workspaceId: string; templateId: string };
type Client = Tx | typeof db;

/**
 * Confirmed and rejected decisions per (tool, reviewer) in [since, until): the ChangeDecision
 * (templateId, decidedAt) index range, grouped. Decisions without a person (an API key's) and
 * deferrals are left out.
 */
export async function tallyReviewers(t: Client, { workspaceId, templateId, since, until, tool }: Scoped & { since: Date; until: Date; tool?: string }): Promise<ReviewerTally[]> {
  const byTool = tool === undefined ? Prisma.empty : Prisma.sql`AND "tool" = ${tool}`;
  const rows = await t.$queryRaw<{ tool: string; userId: string; confirmed: number; rejected: number }[]>`
    SELECT "tool", "decidedById" AS "userId",
      count(*) FILTER (WHERE "verdict" = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE "verdict" = 'rejected')::int AS rejected
    FROM "ChangeDecision"
    WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
      AND "decidedAt" >= ${ts(since)} AND "decidedAt" < ${ts(until)}
      AND "decidedById" IS NOT NULL AND "verdict" IN ('confirmed', 'rejected') ${byTool}
    GROUP BY "tool", "decidedById"
    ORDER BY "tool", "decidedById"`;
  return rows.map((r) => ({ tool: r.tool, userId: r.userId, confirmed: int(r.confirmed), rejected: int(r.rejected) }));
}

/**
 * The ritual's step (inside its preparation transaction): every pair of reviewers that disagrees
 * systematically on a tool over the last 8 weeks gets an open conflict — its figures refreshed
 * when one is already open. A pair whose conflict the team settled or dismissed is raised again
 * only if the decisions made since that ruling disagree on their own.
 */
export async function raisePreferenceConflictsInTx(t: Tx, { workspaceId, templateId, sessionId, now }: Scoped & { sessionId: string; now: Date }) {
  const since = new Date(now.getTime() - CONFLICT_WINDOW_DAYS * DAY_MS);
  const detected = detectConflicts(await tallyReviewers(t, { workspaceId, templateId, since, until: now }));
  let raised = 0;
  let refreshed = 0;
  for (const found of detected) {
    const last = await t.preferenceConflict.findFirst({
      where: { workspaceId, templateId, tool: found.tool, pairKey: found.pairKey },
      orderBy: { createdAt: "desc" },
      select: { id: true, status: true, settledAt: true },
    });
    let conflict = found;
    if (last?.status === "open") {
      await t.preferenceConflict.update({ where: { id: last.id }, data: { reviewers: found.reviewers, pValue: found.pValue } });
      refreshed++;
      continue;
    }
    if (last?.settledAt && last.settledAt > since) {
      const [a, b] = found.pairKey.split(":");
      const after = (await tallyReviewers(t, { workspaceId, templateId, since: last.settledAt, until: now, tool: found.tool })).filter((r) => r.userId === a || r.userId === b);
      const again = detectConflicts(after).find((c) => c.pairKey === pairKeyOf(a!, b!));
      if (!again) continue;
      conflict = again;
    }
    await t.preferenceConflict.create({
      data: { workspaceId, templateId, tool: conflict.tool, pairKey: conflict.pairKey, reviewers: conflict.reviewers, pValue: conflict.pValue, windowDays: CONFLICT_WINDOW_DAYS, raisedInSessionId: sessionId },
    });
    raised++;
  }
  return { raised, refreshed };
}

export type PreferenceConflictView = {
  id: string;
  tool: string;
  status: "open" | "settled" | "dismissed";
  /** "Ana confirmed 9 of 10 “propose_status” proposals, Ben rejected 8 of 9." */
  summary: string;
  reviewers: (ReviewerFigures & { name: string })[];
  pValue: number;
  windowDays: number;
  ruling: Ruling | null;
  decision: string | null;
  settledBy: string | null;
  settledAt: Date | null;
  createdAt: Date;
  raisedIn: { id: string; sessionNumber: number } | null;
};

const nameOf = (u: { name: string | null; email: string } | undefined) => u?.name ?? u?.email ?? "A former member";

/**
 * The template's conflicts, open first then the newest settled or dismissed (≤ `closed`). The
 * people and sessions they name are read once for all rows, and not at all when there are none
 * (Prisma's relation selects cost a statement each per list, also for an empty list): two
 * statements for a template without conflicts, four with.
 */
export async function listPreferenceConflicts({ workspaceId, templateId, closed = 5 }: Scoped & { closed?: number }): Promise<PreferenceConflictView[]> {
  const select = {
    id: true, tool: true, status: true, reviewers: true, pValue: true, windowDays: true, ruling: true, decision: true, settledAt: true, createdAt: true,
    settledById: true, raisedInSessionId: true,
  } satisfies Prisma.PreferenceConflictSelect;
  const [open, done] = await Promise.all([
    db.preferenceConflict.findMany({ where: { workspaceId, templateId, status: "open" }, orderBy: { createdAt: "desc" }, select }),
    closed > 0 ? db.preferenceConflict.findMany({ where: { workspaceId, templateId, status: { in: ["settled", "dismissed"] } }, orderBy: { settledAt: "desc" }, take: closed, select }) : [],
  ]);
  const rows = [...open, ...done];
  const reviewerIds = rows.flatMap((r) => (r.reviewers as ReviewerFigures[]).map((x) => x.userId));
  const userIds = [...new Set([...reviewerIds, ...rows.flatMap((r) => (r.settledById ? [r.settledById] : []))])];
  const sessionIds = [...new Set(rows.flatMap((r) => (r.raisedInSessionId ? [r.raisedInSessionId] : [])))];
  const [users, sessions] = await Promise.all([
    userIds.length
      ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true, _count: { select: { memberships: { where: { workspaceId } } } } } })
      : [],
    sessionIds.length ? db.evolutionSession.findMany({ where: { id: { in: sessionIds }, workspaceId }, select: { id: true, sessionNumber: true } }) : [],
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const sessionById = new Map(sessions.map((x) => [x.id, x]));
  // A reviewer is named while a member of this workspace ("A former member" after); whoever settled
  // the conflict keeps their name on it.
  const reviewerOf = (id: string) => {
    const u = userById.get(id);
    return u && u._count.memberships > 0 ? u : undefined;
  };
  return rows.map((r) => {
    const reviewers = (r.reviewers as ReviewerFigures[]).map((x) => ({ ...x, name: nameOf(reviewerOf(x.userId)) }));
    return {
      id: r.id,
      tool: r.tool,
      status: r.status,
      summary: describeConflict(r.tool, reviewers, (id) => reviewers.find((x) => x.userId === id)!.name),
      reviewers,
      pValue: r.pValue,
      windowDays: r.windowDays,
      ruling: r.ruling,
      decision: r.decision,
      settledBy: r.settledById ? nameOf(userById.get(r.settledById)) : null,
      settledAt: r.settledAt,
      createdAt: r.createdAt,
      raisedIn: r.raisedInSessionId ? (sessionById.get(r.raisedInSessionId) ?? null) : null,
    };
  });
}

/** How many settled decisions the improver reads (newest first). */
export const SETTLED_IN_CONTEXT = 5;

export type ConflictContext = {
  /** Open conflicts: the improver leaves these tools' behaviour alone. */
  open: { tool: string; line: string }[];
  /** The team's decisions, newest first. */
  settled: { tool: string; line: string }[];
};

/** What the improver is told about conflicts: names are left out (it needs the disagreement, not who). */
export async function getConflictContext({ workspaceId, templateId, now = new Date() }: Scoped & { now?: Date }): Promise<ConflictContext> {
  const [open, settled] = await Promise.all([
    db.preferenceConflict.findMany({ where: { workspaceId, templateId, status: "open", createdAt: { lt: now } }, orderBy: { createdAt: "desc" }, select: { tool: true, reviewers: true } }),
    db.preferenceConflict.findMany({
      where: { workspaceId, templateId, status: "settled", settledAt: { lt: now } },
      orderBy: { settledAt: "desc" },
      take: SETTLED_IN_CONTEXT,
      select: { tool: true, ruling: true, decision: true, settledAt: true },
    }),
  ]);
  const seen = new Set<string>();
  return {
    open: open
      .filter((c) => !seen.has(c.tool) && seen.add(c.tool))
      .map((c) => {
        const [hi, lo] = c.reviewers as ReviewerFigures[];
        const figures = hi && lo ? ` (one reviewer confirmed ${hi.confirmed} of ${hi.confirmed + hi.rejected}, another rejected ${lo.rejected} of ${lo.confirmed + lo.rejected})` : "";
        return { tool: c.tool, line: `reviewers disagree on “${c.tool}” proposals${figures}: do not change directives about ${c.tool} until the team settles it.` };
      }),
    settled: settled.map((c) => ({ tool: c.tool, line: `on “${c.tool}” proposals (${c.settledAt!.toISOString().slice(0, 10)}) the team decided: ${c.decision ?? rulingText(c.tool, c.ruling ?? "custom", null)}` })),
  };
}
