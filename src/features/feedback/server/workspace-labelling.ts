import "server-only";
import type { WorkspaceExample } from "@/ai/prompts/classify-feedback";
import { MAX_WORKSPACE_EXAMPLES } from "@/ai/prompts/classify-feedback";
import { db } from "@/server/db";
import type { Adaptation } from "../classifier/adapt";
import { Prisma } from "@/generated/prisma/client";
import { classifierSource, type FeedbackCategory, type Sentiment } from "../rules";
import { reasonVerdictSql } from "../rules-sql";
import { MAX_IDENTICAL_ITEMS } from "../schemas";

// What a workspace's people taught the classifier, as the classification of its texts uses it:
// its active adaptation (the built-in classifier) and its newest corrections (few-shot examples
// for a hosted model). Two index reads per workspace and classification run.

export type WorkspaceLabelling = { adaptation: Adaptation | null; adaptationVersion: number | null; examples: WorkspaceExample[] };

/**
 * SQL: a label correction's text source inputs — its item's source type and, for a reason, the
 * decision's verdict (`classifierSource`); `c` is the FeedbackLabelCorrection row.
 */
export const correctionVerdictSql = Prisma.raw(
  `(SELECT ${reasonVerdictSql("i")} FROM "FeedbackItem" i WHERE i."id" = c."feedbackItemId" AND i."workspaceId" = c."workspaceId")`,
);

export async function getWorkspaceLabelling(workspaceId: string): Promise<WorkspaceLabelling> {
  const [active, corrections] = await Promise.all([
    db.feedbackAdaptation.findFirst({ where: { workspaceId, active: true }, orderBy: { version: "desc" }, select: { version: true, adaptation: true } }),
    // The newest label of each text from its source (a text corrected twice, or labelled on many
    // identical items at once, is one example, as last set). The window holds the newest
    // corrections: room for one label set on MAX_IDENTICAL_ITEMS identical items, and for the rest.
    db.$queryRaw<{ text: string; sourceType: string; verdict: string | null; sentiment: Sentiment; category: FeedbackCategory }[]>`
      SELECT text, "sourceType", verdict, sentiment, category FROM (
        SELECT DISTINCT ON (c."text", c."sourceType") c."text", c."sourceType", ${correctionVerdictSql} AS verdict, c."sentiment"::text AS sentiment, c."category"::text AS category, c."createdAt"
        FROM (SELECT * FROM "FeedbackLabelCorrection" WHERE "workspaceId" = ${workspaceId} ORDER BY "createdAt" DESC LIMIT ${MAX_IDENTICAL_ITEMS + MAX_WORKSPACE_EXAMPLES * 4}) c
        ORDER BY c."text", c."sourceType", c."createdAt" DESC
      ) x ORDER BY "createdAt" DESC LIMIT ${MAX_WORKSPACE_EXAMPLES}`,
  ]);
  return {
    adaptation: (active?.adaptation as Adaptation | undefined) ?? null,
    adaptationVersion: active?.version ?? null,
    examples: corrections.map((c) => ({ text: c.text, source: classifierSource(c.sourceType, c.verdict) ?? null, sentiment: c.sentiment, category: c.category })),
  };
}
