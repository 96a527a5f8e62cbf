import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import type { FeedbackCategory } from "../rules";
import { FEEDBACK_CATEGORIES } from "../rules";
import { summarizeFeedback, type FeedbackSummary } from "./summarize-feedback";
import { itemWhere, type FeedbackWindow } from "./window";

// Stores the aggregate of a template's FeedbackItem rows for one window as a ClassifiedFeedback row
// (what a one-on-one session or a ritual saw). The window is the counter range
// (sinceCounter, untilCounter] of the items' source rows, optionally narrowed by occurredAt.

export type AggregateFeedbackInput = {
  workspaceId: string;
  templateId: string;
  sinceCounter: number;
  untilCounter: number;
  windowStart?: Date | null;
  windowEnd?: Date;
};

export type AggregateFeedbackResult = FeedbackSummary & { id: string };

export async function aggregateFeedback(input: AggregateFeedbackInput): Promise<AggregateFeedbackResult> {
  const windowEnd = input.windowEnd ?? new Date();
  const w: FeedbackWindow = {
    workspaceId: input.workspaceId,
    templateId: input.templateId,
    sinceCounter: input.sinceCounter,
    untilCounter: input.untilCounter,
    since: input.windowStart ?? undefined,
    until: input.windowEnd,
  };
  const [summarized, [labels]] = await Promise.all([
    summarizeFeedback(w),
    // Which labels it used: how many of the window's items a person labelled, and the adaptation in force.
    db.$queryRaw<{ person_labelled: number; adaptation_version: number | null }[]>`
      SELECT (SELECT count(*)::int FROM "FeedbackItem" fi WHERE ${itemWhere(w)} AND fi."classifiedBy" = 'person') AS person_labelled,
        (SELECT max(a."version") FROM "FeedbackAdaptation" a WHERE a."workspaceId" = ${input.workspaceId} AND a."active") AS adaptation_version`,
  ]);
  const summary: FeedbackSummary = { ...summarized, labels: { personLabelled: labels.person_labelled, adaptationVersion: labels.adaptation_version } };
  // Every category present (zeros included), so readers need no defaults.
  const byCategory = Object.fromEntries(FEEDBACK_CATEGORIES.map((c) => [c, { positive: 0, negative: 0, neutral: 0 }])) as Record<FeedbackCategory, { positive: number; negative: number; neutral: number }>;
  for (const c of summary.byCategory) byCategory[c.category] = { positive: c.positive, negative: c.negative, neutral: c.neutral };
  const row = await db.classifiedFeedback.create({
    data: {
      workspaceId: input.workspaceId,
      templateId: input.templateId,
      windowStart: input.windowStart ?? null,
      windowEnd,
      sinceCounter: BigInt(input.sinceCounter),
      untilCounter: BigInt(input.untilCounter),
      itemCount: summary.totals.items,
      positive: summary.totals.positive,
      negative: summary.totals.negative,
      neutral: summary.totals.neutral,
      byCategory: byCategory as Prisma.InputJsonObject,
      patterns: summary.patterns as unknown as Prisma.InputJsonArray,
      personLabelled: labels.person_labelled,
      adaptationVersion: labels.adaptation_version,
    },
    select: { id: true },
  });
  return { id: row.id, ...summary };
}
