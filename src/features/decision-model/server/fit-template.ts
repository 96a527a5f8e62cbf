import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db";
import { fitDecisionModel, type DecisionModel, type DecisionRow, type RatingRow } from "../fit";
import { proposalProperties, reportProperties, type ChecklistState } from "../properties";

// Fits a template's decision model from its rows and stores it (DecisionModelFit): the decided
// proposals of the window (each proposal's final verdict, confirmed or rejected, and who gave it),
// with the checklist the task had when it ran (whether a status change was supported), and the
// rated runs with the report each wrote. Two read statements, whatever the template's size; the
// properties and the fit are computed in memory (fit.ts). Refitted when a ritual prepares (rituals
// slice) and on demand from the template page.

export const DEFAULT_WINDOW_DAYS = 56;

type ItemRow = { tool: string; args: unknown; summary: string; status: "confirmed" | "rejected"; decidedAt: Date; decidedById: string | null; checklist: unknown };
type RunRow = { rating: number; ratedAt: Date; markdown: string | null };

function checklistOf(stored: unknown): ChecklistState | null {
  return Array.isArray(stored) ? stored.filter((c): c is { done: boolean } => typeof c === "object" && c !== null && typeof (c as { done?: unknown }).done === "boolean") : null;
}

async function loadDecisionRows(scope: { workspaceId: string; templateId: string }, since: Date, until: Date) {
  const [items, runs] = await Promise.all([
    db.$queryRaw<ItemRow[]>`
      SELECT i."tool", i."args", i."summary", i."status"::text AS "status", i."decidedAt",
             (SELECT d."decidedById" FROM "ChangeDecision" d WHERE d."changeItemId" = i."id" ORDER BY d."decidedAt" DESC LIMIT 1) AS "decidedById",
             CASE WHEN i."tool" = 'propose_status' THEN r."inputs" -> 'task' -> 'checklist' END AS "checklist"
      FROM "ChangeItem" i
      JOIN "ChangeSet" s ON s."id" = i."changeSetId"
      LEFT JOIN "WakeRun" r ON r."id" = s."wakeRunId"
      WHERE i."workspaceId" = ${scope.workspaceId} AND i."templateId" = ${scope.templateId}
        AND i."status" IN ('confirmed', 'rejected') AND i."decidedAt" > ${since} AND i."decidedAt" <= ${until}`,
    db.$queryRaw<RunRow[]>`
      SELECT r."userRating" AS "rating", r."ratedAt",
             (SELECT a."markdown" FROM "AgentReport" a WHERE a."wakeRunId" = r."id" ORDER BY a."createdAt" DESC LIMIT 1) AS "markdown"
      FROM "WakeRun" r
      WHERE r."workspaceId" = ${scope.workspaceId} AND r."templateId" = ${scope.templateId}
        AND r."userRating" IS NOT NULL AND r."ratedAt" > ${since} AND r."ratedAt" <= ${until}`,
  ]);
  const decisions: DecisionRow[] = items.flatMap((i) => {
    const read = proposalProperties(i.tool, i.args, i.summary, checklistOf(i.checklist));
    return read ? [{ kind: read.kind, properties: read.properties, confirmed: i.status === "confirmed", reviewerId: i.decidedById, at: i.decidedAt }] : [];
  });
  const ratings: RatingRow[] = runs.flatMap((r) => (r.markdown === null ? [] : [{ properties: reportProperties(r.markdown), rating: r.rating, at: r.ratedAt }]));
  return { decisions, ratings };
}

export type StoredFit = { id: string; fittedAt: Date; since: Date; until: Date; decisions: number; ratings: number; model: DecisionModel };

/** Fits the template's model on the `days` before `now` and stores it. */
export async function fitTemplateDecisionModel(scope: { workspaceId: string; templateId: string }, { now = new Date(), days = DEFAULT_WINDOW_DAYS } = {}): Promise<StoredFit> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const { decisions, ratings } = await loadDecisionRows(scope, since, now);
  const model = fitDecisionModel(decisions, ratings);
  const row = await db.decisionModelFit.create({
    data: { workspaceId: scope.workspaceId, templateId: scope.templateId, fittedAt: now, since, until: now, decisions: model.decisions, ratings: model.ratings, model: model as unknown as Prisma.InputJsonValue },
    select: { id: true, fittedAt: true },
  });
  return { id: row.id, fittedAt: row.fittedAt, since, until: now, decisions: model.decisions, ratings: model.ratings, model };
}
