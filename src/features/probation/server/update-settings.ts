import "server-only";
import { db } from "@/server/db";
import { notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { UpdateProbationSettingsInput } from "../schemas";

/** A template's probation settings; they apply to the next promoted version (a running probation keeps its own). */
export async function updateProbationSettings({ scope, templateId, share, days, minRuns }: { scope: Scope } & UpdateProbationSettingsInput) {
  const updated = await db.agentTemplate.updateMany({
    where: { id: templateId, workspaceId: scope.workspaceId, kind: "taskAgent" },
    data: { probationShare: share, probationDays: days, probationMinRuns: minRuns },
  });
  if (updated.count === 0) throw notFound("Template not found.");
  return { templateId, share, days, minRuns };
}

export async function getProbationSettings(workspaceId: string, templateId: string) {
  const t = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { kind: true, probationShare: true, probationDays: true, probationMinRuns: true } });
  return t && t.kind === "taskAgent" ? { share: t.probationShare, days: t.probationDays, minRuns: t.probationMinRuns } : null;
}
