import "server-only";
import { db } from "@/server/db";
import type { ClassifiedBy } from "@/generated/prisma/enums";
import type { FeedbackCategory, Sentiment, SourceType } from "../rules";
import { MAX_ATTEMPTS } from "./classify-pending";
import { summarizeFeedbackByDate } from "./feedback-breakdown";
import type { FeedbackPattern, FeedbackSummary } from "./summarize-feedback";

// Read models of the feedback slice (for the template page's feedback breakdown, the one-on-one
// context and the ritual). Everything is scoped by workspace AND template in the WHERE.

export type { CategoryCounts, FeedbackPattern, FeedbackSummary, FeedbackTotals, KindTotals, PatternExample, SourceCounts } from "./summarize-feedback";

const DAY_MS = 86_400_000;
const sinceDays = (days: number, now: Date) => new Date(now.getTime() - Math.max(1, Math.floor(days)) * DAY_MS);

export { PATTERN_AGENT_CAP } from "./feedback-breakdown";

/**
 * Sentiment × category counts and cross-agent patterns over the FeedbackItem rows of the last
 * `days` days (by occurredAt), live: whole days from the daily counts, the edges from the items;
 * pattern agent counts capped at PATTERN_AGENT_CAP (`capped`: "1,000+ agents").
 */
export async function getFeedbackBreakdown({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<FeedbackSummary> {
  return summarizeFeedbackByDate({ workspaceId, templateId, since: sinceDays(days, now), until: new Date(now.getTime() + 1) });
}

/** Only the cross-agent patterns (≥ 3 distinct agents) of the last `days` days, negative first. */
export async function listFeedbackPatterns({ workspaceId, templateId, days, now = new Date() }: { workspaceId: string; templateId: string; days: number; now?: Date }): Promise<FeedbackPattern[]> {
  return (await getFeedbackBreakdown({ workspaceId, templateId, days, now })).patterns;
}

export type StoredClassifiedFeedback = {
  id: string;
  windowStart: Date | null;
  windowEnd: Date;
  sinceCounter: number;
  untilCounter: number;
  itemCount: number;
  positive: number;
  negative: number;
  neutral: number;
  byCategory: Record<FeedbackCategory, { positive: number; negative: number; neutral: number }>;
  patterns: FeedbackPattern[];
  createdAt: Date;
};

function toStored(row: NonNullable<Awaited<ReturnType<typeof db.classifiedFeedback.findFirst>>>): StoredClassifiedFeedback {
  return {
    id: row.id,
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    sinceCounter: Number(row.sinceCounter),
    untilCounter: Number(row.untilCounter),
    itemCount: row.itemCount,
    positive: row.positive,
    negative: row.negative,
    neutral: row.neutral,
    byCategory: row.byCategory as StoredClassifiedFeedback["byCategory"],
    patterns: row.patterns as FeedbackPattern[],
    createdAt: row.createdAt,
  };
}

/**
 * The newest stored aggregate of a template; with `sinceCounter` / `windowStart`, the newest for
 * exactly that window start (what a session or ritual saw).
 */
export async function getLatestClassifiedFeedback({ workspaceId, templateId, sinceCounter, windowStart }: { workspaceId: string; templateId: string; sinceCounter?: number; windowStart?: Date }): Promise<StoredClassifiedFeedback | null> {
  const row = await db.classifiedFeedback.findFirst({
    where: { workspaceId, templateId, ...(sinceCounter !== undefined ? { sinceCounter: BigInt(sinceCounter) } : {}), ...(windowStart ? { windowStart } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return row ? toStored(row) : null;
}

export async function getClassifiedFeedback({ workspaceId, id }: { workspaceId: string; id: string }): Promise<StoredClassifiedFeedback | null> {
  const row = await db.classifiedFeedback.findFirst({ where: { id, workspaceId } });
  return row ? toStored(row) : null;
}

export type FeedbackItemView = {
  id: string;
  agentId: string | null;
  sourceType: SourceType;
  sourceId: string;
  sentiment: Sentiment;
  category: FeedbackCategory;
  confidence: number;
  classifiedBy: ClassifiedBy;
  detail: string;
  occurredAt: Date;
};

/** The items behind a breakdown cell (newest first), for drill-down. */
export async function listFeedbackItems({ workspaceId, templateId, days, sentiment, category, agentId, limit = 50, now = new Date() }: {
  workspaceId: string; templateId: string; days: number; sentiment?: Sentiment; category?: FeedbackCategory; agentId?: string; limit?: number; now?: Date;
}): Promise<FeedbackItemView[]> {
  const rows = await db.feedbackItem.findMany({
    where: { workspaceId, templateId, occurredAt: { gte: sinceDays(days, now) }, ...(sentiment ? { sentiment } : {}), ...(category ? { category } : {}), ...(agentId ? { agentId } : {}) },
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 500),
    select: { id: true, agentId: true, sourceType: true, sourceId: true, sentiment: true, category: true, confidence: true, classifiedBy: true, detail: true, occurredAt: true },
  });
  return rows.map((r) => ({ ...r, sourceType: r.sourceType as SourceType }));
}

export type WaitingFeedback = { waiting: number; givenUp: number; lastError: string | null };

/**
 * A template's written texts not labeled yet: `waiting` for the classifier (the job takes them
 * within a minute), `givenUp` after MAX_ATTEMPTS failed tries (with the newest error) — what the
 * template page says instead of silently leaving them out. One index range.
 */
export async function getWaitingFeedback({ workspaceId, templateId }: { workspaceId: string; templateId: string }): Promise<WaitingFeedback> {
  const [row] = await db.$queryRaw<{ waiting: number; given_up: number; last_error: string | null }[]>`
    SELECT count(*) FILTER (WHERE p."attempts" < ${MAX_ATTEMPTS})::int AS waiting, count(*) FILTER (WHERE p."attempts" >= ${MAX_ATTEMPTS})::int AS given_up,
      (SELECT q."lastError" FROM "PendingFeedback" q WHERE q."templateId" = ${templateId} AND q."workspaceId" = ${workspaceId} AND q."lastError" IS NOT NULL ORDER BY q."createdAt" DESC LIMIT 1) AS last_error
    FROM "PendingFeedback" p WHERE p."templateId" = ${templateId} AND p."workspaceId" = ${workspaceId} AND p."sourceCounter" > 0`;
  return { waiting: row.waiting, givenUp: row.given_up, lastError: row.last_error };
}
