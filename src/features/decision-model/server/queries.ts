import "server-only";
import { db } from "@/server/db";
import type { DecisionModel } from "../fit";
import type { StoredFit } from "./fit-template";

/** The template's newest fit, or null when none was made yet. */
export async function latestDecisionModel(scope: { workspaceId: string; templateId: string }): Promise<StoredFit | null> {
  const row = await db.decisionModelFit.findFirst({
    where: { workspaceId: scope.workspaceId, templateId: scope.templateId },
    orderBy: { fittedAt: "desc" },
    select: { id: true, fittedAt: true, since: true, until: true, decisions: true, ratings: true, model: true },
  });
  return row && { ...row, model: row.model as unknown as DecisionModel };
}
