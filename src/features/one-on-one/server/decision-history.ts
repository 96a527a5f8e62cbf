import "server-only";
import { int, ts } from "@/features/dashboards/server";
import { describeEffect, GUARDED, type ProbationEffects } from "@/features/probation/effect";
import { describeSummary, type ReplaySummary } from "@/features/replay/score";
import { db } from "@/server/db";
import { getConflictContext, type ConflictContext } from "./preference-conflicts";
import { recentChangesEvidence } from "./reversal-evidence";

// Decision history for the improver: how often people
// reject each tool's proposals, and the reasons they give most. Both are aggregates over the
// ChangeDecision (templateId, decidedAt) index range; the tool name is stamped on the decision.

export type DecisionHistory = {
  /** Window length used. */
  days: number;
  /** Sorted by rejected desc. */
  byTool: { toolName: string; confirmed: number; rejected: number; deferred: number; rejectionRate: number | null }[];
  /** ≤ 5, grouped by lower(trim(reason)) and tool, most frequent first; reasons non-empty. */
  topRejectionReasons: { reason: string; toolName: string; count: number }[];
  /** The replay check of the improver's last decided proposal on this template: how its prediction went. */
  lastReplay: { decision: "approved" | "rejected"; version: number | null; line: string } | null;
  /** The measured effects of the template's newest versions (probation, newest first, ≤ 3): what each change really did. */
  probations: { version: number; baseline: number; status: string; line: string }[];
  /** Reviewers' open preference conflicts (leave these tools alone) and the team's settled decisions. */
  conflicts?: ConflictContext;
  /** The changes of the last 3 versions and the evidence against each since: reversing one without it needs a person's reason. */
  recentChanges?: { version: number; approvedAt: Date; enough: boolean; words: string }[];
};

/** How many of the newest probations the improver reads. */
export const RECENT_PROBATIONS = 3;

export const TOP_REJECTION_REASONS = 5;
const DAY_MS = 86_400_000;

type ToolRow = { tool: string; confirmed: number; rejected: number; deferred: number };
type ReasonRow = { reason: string; tool: string; count: number };

/**
 * Decisions made in [since, now). Each decision row counts (a deferred-then-confirmed item counts
 * once as deferred and once as confirmed), like the dashboards' acceptance. The rejection rate is
 * rejected / (confirmed + rejected): a deferral is "not yet", not a verdict on the proposal.
 */
export async function getDecisionHistory({ workspaceId, templateId, since, now = new Date() }: { workspaceId: string; templateId: string; since: Date; now?: Date }): Promise<DecisionHistory> {
  const [tools, reasons, lastReplay, probations, conflicts, recentChanges] = await Promise.all([
    db.$queryRaw<ToolRow[]>`
      SELECT "tool",
        count(*) FILTER (WHERE "verdict" = 'confirmed')::int AS confirmed,
        count(*) FILTER (WHERE "verdict" = 'rejected')::int AS rejected,
        count(*) FILTER (WHERE "verdict" = 'deferred')::int AS deferred
      FROM "ChangeDecision"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
        AND "decidedAt" >= ${ts(since)} AND "decidedAt" < ${ts(now)}
      GROUP BY "tool"
      ORDER BY rejected DESC, count(*) DESC, "tool"`,
    // The same reason typed twice ("Too optimistic", "too optimistic ") is one reason; it is shown
    // as most recently written.
    db.$queryRaw<ReasonRow[]>`
      SELECT (array_agg(btrim("reason") ORDER BY "decidedAt" DESC))[1] AS reason, "tool", count(*)::int AS count
      FROM "ChangeDecision"
      WHERE "workspaceId" = ${workspaceId} AND "templateId" = ${templateId}
        AND "decidedAt" >= ${ts(since)} AND "decidedAt" < ${ts(now)}
        AND "verdict" = 'rejected' AND btrim(coalesce("reason", '')) <> ''
      GROUP BY lower(btrim("reason")), "tool"
      ORDER BY count DESC, max("decidedAt") DESC, lower(btrim("reason"))
      LIMIT ${TOP_REJECTION_REASONS}`,
    lastReplayOf(workspaceId, templateId, now),
    probationsOf(workspaceId, templateId, now),
    getConflictContext({ workspaceId, templateId, now }),
    recentChangesEvidence({ workspaceId, templateId }),
  ]);
  return {
    days: Math.max(1, Math.round((now.getTime() - since.getTime()) / DAY_MS)),
    byTool: tools.map(toolStats),
    topRejectionReasons: reasons.map((r) => ({ reason: r.reason, toolName: r.tool, count: int(r.count) })),
    lastReplay,
    probations,
    conflicts,
    recentChanges: recentChanges.map(({ version, approvedAt, enough, words }) => ({ version, approvedAt, enough, words })),
  };
}

const STATUS_WORDS: Record<string, string> = {
  running: "still on probation",
  harm_detected: "found worse than the version before",
  graduated: "passed its probation",
  rolled_back: "rolled back",
  promoted: "promoted early",
  superseded: "replaced before its probation ended",
};

async function probationsOf(workspaceId: string, templateId: string, now: Date): Promise<DecisionHistory["probations"]> {
  const rows = await db.probation.findMany({
    where: { workspaceId, templateId, startedAt: { lt: now } },
    orderBy: { startedAt: "desc" },
    take: RECENT_PROBATIONS,
    select: { status: true, effects: true, version: { select: { number: true } }, baseline: { select: { number: true } } },
  });
  return rows.map((p) => {
    const effects = p.effects as ProbationEffects | null;
    const measured = effects?.metrics.filter((m) => GUARDED.includes(m.metric)).map(describeEffect).join("; ");
    return { version: p.version.number, baseline: p.baseline.number, status: p.status, line: `${STATUS_WORDS[p.status] ?? p.status}${measured ? `: ${measured}` : ": not measured yet"}` };
  });
}

async function lastReplayOf(workspaceId: string, templateId: string, now: Date): Promise<DecisionHistory["lastReplay"]> {
  const proposal = await db.proposal.findFirst({
    where: { workspaceId, templateId, status: { in: ["approved", "rejected"] }, decidedAt: { lt: now }, replayCheck: { status: "done" } },
    orderBy: { decidedAt: "desc" },
    select: { status: true, resultingVersion: { select: { number: true } }, replayCheck: { select: { summary: true } } },
  });
  const summary = proposal?.replayCheck?.summary as ReplaySummary | null | undefined;
  if (!proposal || !summary) return null;
  return { decision: proposal.status as "approved" | "rejected", version: proposal.resultingVersion?.number ?? null, line: describeSummary(summary) };
}

function toolStats(row: ToolRow): DecisionHistory["byTool"][number] {
  const confirmed = int(row.confirmed);
  const rejected = int(row.rejected);
  return { toolName: row.tool, confirmed, rejected, deferred: int(row.deferred), rejectionRate: confirmed + rejected === 0 ? null : rejected / (confirmed + rejected) };
}
